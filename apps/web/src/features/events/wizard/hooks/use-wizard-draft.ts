import { useEffect, useRef, useState } from 'react';
import { Form, type FormInstance } from 'antd';
import type { WizardValues } from '../wizard-values';
import { useLocalDraft } from './use-local-draft';

/**
 * The wizard's unsaved work: a new event's form restored from local storage (and kept there as
 * it changes), and whether anything differs from what was opened or saved (`dirty`: leaving
 * asks first). `atStep` is told the step shown, which is stored with the draft.
 */
export function useWizardDraft(form: FormInstance<WizardValues>, enabled: boolean, initial: WizardValues) {
  const local = useLocalDraft(enabled);
  const [restored] = useState(() => local.read());
  const [changed, setChanged] = useState(false);
  // A restored form holds work that is not saved anywhere else: leaving it asks too.
  const [fromRestore, setFromRestore] = useState(Boolean(restored));
  const dirty = changed || fromRestore;
  const step = useRef(0);
  const values = () => form.getFieldsValue(true) as WizardValues;

  // Every change, typed or set by a rule (paid/free, eligibility ticks), is compared with the
  // form as it opened (dirty) and kept locally. JSON: the selector's result must change identity.
  const watched = Form.useWatch((v) => JSON.stringify(v), { form, preserve: true });
  const pristine = useRef<string | null>(null);
  useEffect(() => {
    // Before the fields register, the watch sees an empty form.
    if (watched === undefined || watched === '{}') return;
    pristine.current ??= watched;
    const now = watched !== pristine.current;
    setChanged(now);
    if (now) local.write(values(), step.current);
  }, [watched]); // eslint-disable-line react-hooks/exhaustive-deps

  return {
    restored, changed, fromRestore, dirty,
    atStep(current: number) {
      step.current = current;
      if (dirty) local.write(values(), current);
    },
    /** Typed changes are kept at once (a reload right after typing must not lose it). */
    onValuesChange: () => local.write(values(), step.current),
    saved() {
      setChanged(false);
      setFromRestore(false);
      local.clear();
    },
    /** Back to the form as opened, the stored draft forgotten. */
    discard() {
      local.clear();
      form.setFieldsValue(initial);
      pristine.current = null;
      setFromRestore(false);
    },
    clear: local.clear,
  };
}
