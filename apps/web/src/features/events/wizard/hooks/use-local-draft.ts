import { useCallback, useMemo } from 'react';
import { getUser } from '../../../../lib/session-store';
import type { WizardValues } from '../wizard-values';

export interface LocalDraft { values: WizardValues; step: number; savedAt: number }

/**
 * A new event's form is kept in localStorage while it is typed, per user, so a reload or a
 * closed tab loses nothing. Drafts saved to the server do not need it.
 */
export function useLocalDraft(enabled: boolean) {
  const key = useMemo(() => `eo.wizard.create.${getUser()?.profile.userId ?? 'anon'}`, []);
  const read = useCallback((): LocalDraft | null => {
    if (!enabled) return null;
    try {
      const draft = JSON.parse(localStorage.getItem(key) ?? 'null') as LocalDraft | null;
      return draft && typeof draft === 'object' && draft.values ? draft : null;
    } catch {
      return null;
    }
  }, [enabled, key]);
  const write = useCallback((values: WizardValues, step: number) => {
    if (!enabled) return;
    try {
      localStorage.setItem(key, JSON.stringify({ values, step, savedAt: Date.now() } satisfies LocalDraft));
    } catch {
      // Storage full or disabled: the wizard still works, only without the safety net.
    }
  }, [enabled, key]);
  const clear = useCallback(() => localStorage.removeItem(key), [key]);
  // One object for the life of the form: callers keep it in effect dependencies.
  return useMemo(() => ({ read, write, clear }), [read, write, clear]);
}
