import { useCallback, useEffect, useRef, useState } from 'react';
import type { FormInstance } from 'antd';
import type { IssueContext } from '@eo/contract';
import { formIssues, namePath, stepFieldsWithIssues, STEP_KEYS } from '../wizard-issues';
import type { WizardValues } from '../wizard-values';

type Messages = Map<string, string[]>;

/**
 * Which step is shown, and moving between steps: forward only through steps whose fields pass
 * the contract's rules (and the twibbon key's availability); messages appear under the fields
 * of the step they belong to, also when that step has to be opened first.
 */
export function useWizardSteps(form: FormInstance<WizardValues>, issueCtx: IssueContext, initialStep: number) {
  const [current, setCurrent] = useState(initialStep);
  /** A step to show messages on once it has rendered: the contract's, or the server's refusals. */
  const pending = useRef<{ step: number; server?: Messages } | null>(null);

  const issuesNow = useCallback(() => formIssues(form.getFieldsValue(true) as WizardValues, issueCtx), [form, issueCtx]);

  const reveal = useCallback(async (step: number, server?: Messages) => {
    if (server) form.setFields([...server].map(([f, errors]) => ({ name: namePath(f), errors })));
    const fields = server ? [...server.keys()] : stepFieldsWithIssues(issuesNow(), STEP_KEYS[step]);
    const names = fields.map(namePath);
    if (!server) await form.validateFields(names, { recursive: true }).catch(() => undefined);
    const first = form.getFieldsError(names).find((e) => e.errors.length);
    if (first) form.scrollToField(first.name, { behavior: 'smooth', block: 'center' });
  }, [form, issuesNow]);

  useEffect(() => {
    const p = pending.current;
    if (!p || p.step !== current) return;
    pending.current = null;
    void reveal(p.step, p.server);
  });

  /** Opens `step` (if needed) and shows its messages there. */
  const showStep = useCallback((step: number, server?: Messages) => {
    if (step === current) return void reveal(step, server);
    pending.current = { step, server };
    setCurrent(step);
  }, [current, reveal]);

  /** The twibbon key's availability is the server's to say; its rule lives on the field. */
  const keyAvailable = async () => {
    const v = form.getFieldsValue(true) as WizardValues;
    if (STEP_KEYS[current] !== 'twibbon' || !v.twibbonRequired) return true;
    return form.validateFields([namePath('twibbon.customKey')]).then(() => true, () => false);
  };

  /** Forward moves pass through every step in between, stopping at the first with problems. */
  const goTo = async (target: number) => {
    if (target <= current) return setCurrent(target);
    const issues = issuesNow();
    for (let s = current; s < target; s++) {
      if (stepFieldsWithIssues(issues, STEP_KEYS[s]).length > 0) return showStep(s);
    }
    if (!(await keyAvailable())) return;
    setCurrent(target);
    window.scrollTo({ top: 0 });
  };

  return { current, setCurrent, goTo, showStep, issuesNow };
}
