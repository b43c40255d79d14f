import { useCallback, useState, type ReactNode } from 'react';

export interface FieldStatus { validateStatus?: 'error'; help?: ReactNode }
/** `status(issuePath, ...touchKeys)`: the Form.Item props that show a field's messages once it may. */
export type StatusOf = (path: string, ...touchKeys: string[]) => FieldStatus;
export type Touch = (key: string) => void;

/**
 * When the modal shows a message from `ticketIssues`: once its field was touched (changed or
 * left) or the user tried to save. Touch keys default to the issue path; rows that move
 * (dates, questions) use their stable row key instead so the flag follows the row.
 */
export function useFieldIssues(issues: Map<string, string[]>, attemptedAtStart: boolean) {
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [attempted, setAttempted] = useState(attemptedAtStart);

  const touch: Touch = useCallback((key) => {
    setTouched((prev) => (prev.has(key) ? prev : new Set(prev).add(key)));
  }, []);

  const status: StatusOf = (path, ...touchKeys) => {
    const messages = issues.get(path);
    const keys = touchKeys.length ? touchKeys : [path];
    if (!messages?.length || !(attempted || keys.some((k) => touched.has(k)))) return {};
    return {
      validateStatus: 'error',
      help: messages.length === 1 ? messages[0] : messages.map((m) => <div key={m}>{m}</div>),
    };
  };

  return { status, touch, attempted, attempt: () => setAttempted(true) };
}
