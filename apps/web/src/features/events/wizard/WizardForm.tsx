import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Form, Steps } from 'antd';
import { useNavigate } from 'react-router';
import { editLocks, wibDay, WIZARD_VERTICAL_BREAKPOINT, type LockKey } from '@eo/contract';
import { useMaxWidth } from '../../../lib/use-is-mobile';
import { useLeaveGuard } from './hooks/use-leave-guard';
import { useLocalDraft } from './hooks/use-local-draft';
import { useSaveEvent, type SaveAction, type WizardMode } from './hooks/use-save-event';
import { DetailsStep } from './steps/DetailsStep';
import { GeneralInfoStep } from './steps/GeneralInfoStep';
import { LocationStep } from './steps/LocationStep';
import { RegistrationStep } from './steps/RegistrationStep';
import { ReviewStep } from './steps/ReviewStep';
import { TwibbonStep } from './steps/TwibbonStep';
import { WizardProvider } from './wizard-context';
import { formField, formIssues, namePath, stepFieldsWithIssues, stepOf, STEP_KEYS, type StepKey } from './wizard-issues';
import { toPayload, type WizardValues } from './wizard-values';
import { WIZARD_TEXT as T } from './texts';

const REVIEW = STEP_KEYS.length - 1;

interface Props {
  mode: WizardMode;
  initial: WizardValues;
  /** A submitted event being edited: what is locked and why. */
  lockSource: { isDraft: boolean; lastEventAt: Date | null } | null;
}

/** The six steps, their buttons, and the save. Validation is the contract's (see wizard-issues). */
export function WizardForm({ mode, initial, lockSource }: Props) {
  const [form] = Form.useForm<WizardValues>();
  const navigate = useNavigate();
  const vertical = useMaxWidth(WIZARD_VERTICAL_BREAKPOINT);
  // Past dates are refused, except on a submitted event's edit: its stored dates may have passed and the API does not judge them then.
  const today = useMemo(() => (lockSource && !lockSource.isDraft ? null : wibDay(new Date())), [lockSource]);
  const locks = useMemo(() => editLocks(lockSource, new Date()) as Partial<Record<LockKey, string>>, [lockSource]);
  const local = useLocalDraft(mode.kind === 'create');
  const restored = useMemo(() => local.read(), [local]);
  const [current, setCurrent] = useState(() => Math.min(restored?.step ?? 0, REVIEW));
  const [dirty, setDirty] = useState(false);
  const [showRestored, setShowRestored] = useState(Boolean(restored));
  /** A step to show messages on once it has rendered. */
  const pendingCheck = useRef<number | null>(null);

  const clearLocal = useCallback(() => local.clear(), [local]);
  const { save, saving } = useSaveEvent(mode, () => {
    setDirty(false);
    local.clear();
  });
  useLeaveGuard(dirty && !saving, mode.kind === 'create', clearLocal);

  const values = () => form.getFieldsValue(true) as WizardValues;
  const issuesNow = () => formIssues(values(), today);

  /** Shows the messages of the fields of `step` (rendered now) and scrolls to the first. */
  const reveal = useCallback(async (fields: string[]) => {
    const names = fields.map(namePath);
    await form.validateFields(names, { recursive: true }).catch(() => undefined);
    const first = form.getFieldsError(names).find((e) => e.errors.length);
    if (first) form.scrollToField(first.name, { behavior: 'smooth', block: 'center' });
  }, [form]);

  useEffect(() => {
    if (pendingCheck.current !== current) return;
    pendingCheck.current = null;
    void reveal(stepFieldsWithIssues(issuesNow(), STEP_KEYS[current]));
  });

  /** Forward moves pass through every step in between, stopping at the first with problems. */
  const goTo = (target: number) => {
    if (target <= current) return setCurrent(target);
    const issues = issuesNow();
    for (let s = current; s < target; s++) {
      const bad = stepFieldsWithIssues(issues, STEP_KEYS[s]);
      if (bad.length === 0) continue;
      if (s === current) void reveal(bad);
      else {
        pendingCheck.current = s;
        setCurrent(s);
      }
      return;
    }
    setCurrent(target);
    window.scrollTo({ top: 0 });
  };

  const onSave = async (action: SaveAction) => {
    const payload = toPayload(values());
    if (action === 'submit' && payload.agreement) {
      const issues = issuesNow();
      const step = STEP_KEYS.findIndex((k) => k !== 'review' && stepFieldsWithIssues(issues, k).length > 0);
      if (step >= 0) {
        pendingCheck.current = step;
        setCurrent(step);
        return;
      }
    }
    const refused = await save(action, payload);
    if (!refused?.length) return;
    // The server's own refusals (a taken key, a lock) go under their fields too.
    const v = values();
    const byField = new Map<string, string[]>();
    for (const e of refused) if (e.path) byField.set(formField(e.path, v), [...(byField.get(formField(e.path, v)) ?? []), e.message]);
    form.setFields([...byField].map(([f, errors]) => ({ name: namePath(f), errors })));
    const first = [...byField.keys()][0];
    if (first) setCurrent(STEP_KEYS.indexOf(stepOf(first)));
  };

  // Every change, typed or set by a rule (paid/free, eligibility ticks), is compared with the
  // form as it opened (dirty) and kept locally. JSON: the selector's result must change identity.
  const watched = Form.useWatch((v) => JSON.stringify(v), { form, preserve: true });
  const pristine = useRef<string | null>(null);
  useEffect(() => {
    // Before the fields register, the watch sees an empty form.
    if (watched === undefined || watched === '{}') return;
    pristine.current ??= watched;
    const changed = watched !== pristine.current;
    setDirty(changed);
    if (changed) local.write(values(), current);
  }, [watched]); // eslint-disable-line react-hooks/exhaustive-deps

  const onValuesChange = () => {
    // Typed changes are kept at once (a reload right after typing must not lose it).
    local.write(values(), current);
    // Messages already shown follow the new values (one field can settle another's rule).
    const shown = form.getFieldsError().filter((e) => e.errors.length).map((e) => e.name);
    if (shown.length) void form.validateFields(shown).catch(() => undefined);
  };

  useEffect(() => {
    if (dirty) local.write(values(), current);
  }, [current]); // eslint-disable-line react-hooks/exhaustive-deps

  const step: StepKey = STEP_KEYS[current];
  const canDraft = mode.kind === 'create' || mode.isDraft;
  return (
    <WizardProvider value={{ form, today, locks, eventId: mode.kind === 'edit' ? mode.id : null, editing: mode.kind === 'edit' }}>
      <div className={`wizard ${vertical ? 'wizard-vertical' : ''}`}>
        <Steps
          className="wizard-steps" current={current} onChange={goTo} direction={vertical ? 'vertical' : 'horizontal'} size="small"
          items={STEP_KEYS.map((k) => ({ title: T.steps[k] }))}
        />
        <div className="wizard-body">
          {showRestored && (
            <Alert
              type="info" showIcon closable message={T.restored} className="wizard-restored" onClose={() => setShowRestored(false)}
              action={(
                <Button size="small" onClick={() => {
                  local.clear();
                  form.setFieldsValue(initial);
                  pristine.current = null;
                  setCurrent(0);
                  setDirty(false);
                  setShowRestored(false);
                }}>{T.discardRestored}</Button>
              )}
            />
          )}
          <Form form={form} layout="vertical" initialValues={restored?.values ?? initial} onValuesChange={onValuesChange} requiredMark scrollToFirstError>
            <section aria-label={T.steps[step]}>
              {step === 'general' && <GeneralInfoStep />}
              {step === 'registration' && <RegistrationStep />}
              {step === 'location' && <LocationStep />}
              {step === 'details' && <DetailsStep />}
              {step === 'twibbon' && <TwibbonStep />}
              {step === 'review' && <ReviewStep onEdit={(k) => setCurrent(STEP_KEYS.indexOf(k))} />}
            </section>
          </Form>
          <footer className="wizard-actions">
            {current === 0 && <Button onClick={() => navigate('/event')}>{T.cancel}</Button>}
            {current > 0 && <Button onClick={() => setCurrent(current - 1)} disabled={Boolean(saving)}>{T.back}</Button>}
            <span className="wizard-actions-gap" />
            {current < REVIEW && <Button type="primary" onClick={() => goTo(current + 1)}>{T.next}</Button>}
            {current === REVIEW && canDraft && (
              <Button onClick={() => onSave('draft')} loading={saving === 'draft'} disabled={saving === 'submit'}>{T.saveDraft}</Button>
            )}
            {current === REVIEW && (
              <Button type="primary" onClick={() => onSave('submit')} loading={saving === 'submit'} disabled={saving === 'draft'}>{T.submit}</Button>
            )}
          </footer>
        </div>
      </div>
    </WizardProvider>
  );
}
