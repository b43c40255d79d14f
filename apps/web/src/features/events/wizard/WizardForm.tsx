import { useEffect, useMemo } from 'react';
import { Alert, App, Button, Form, Steps } from 'antd';
import { useNavigate } from 'react-router';
import {
  editLocks, EVENT_MSG, fill, reviewedChanges, wibDay, WIZARD_VERTICAL_BREAKPOINT, type IssueContext, type LockKey, type ReviewedEvent,
} from '@eo/contract';
import { useMaxWidth } from '../../../lib/use-is-mobile';
import { useLeaveGuard } from './hooks/use-leave-guard';
import { useSaveEvent, type SaveAction, type WizardMode } from './hooks/use-save-event';
import { useWizardDraft } from './hooks/use-wizard-draft';
import { useWizardSteps } from './hooks/use-wizard-steps';
import { DetailsStep } from './steps/DetailsStep';
import { GeneralInfoStep } from './steps/GeneralInfoStep';
import { preloadable } from '../../../lib/preloadable';
import { ReviewStep } from './steps/ReviewStep';
import { TwibbonStep } from './steps/TwibbonStep';
import { WizardProvider } from './wizard-context';
import { formField, missingLabels, stepFieldsWithIssues, stepOf, STEP_KEYS, type StepKey } from './wizard-issues';
import { toPayload, type WizardValues } from './wizard-values';
import { WIZARD_TEXT as T } from '@eo/contract';

// Loaded after the first step has rendered: tickets (date pickers, numbers) and the place
// search are not part of /event/create's first load (docs/performance.md).
const RegistrationStep = preloadable(async () => (await import('./steps/RegistrationStep')).RegistrationStep);
const LocationStep = preloadable(async () => (await import('./steps/LocationStep')).LocationStep);

const REVIEW = STEP_KEYS.length - 1;

/** What editing a stored event brings: locks, its categories, whether anyone registered, its review. */
export interface EditSource {
  isDraft: boolean; lastEventAt: Date | null; hasParticipants: boolean; storedTicketIds: string[];
  approvedStatus?: string | null;
  /** The stored event as the re-approval rule reads it (the detail answer). */
  reviewed?: ReviewedEvent;
}

interface Props {
  mode: WizardMode;
  initial: WizardValues;
  source: EditSource | null;
}

/** The six steps, their buttons, and the save. Validation is the contract's (see wizard-issues). */
export function WizardForm({ mode, initial, source }: Props) {
  const [form] = Form.useForm<WizardValues>();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const vertical = useMaxWidth(WIZARD_VERTICAL_BREAKPOINT);
  const issueCtx = useMemo<IssueContext>(
    () => ({ today: wibDay(new Date()), storedTicketIds: source && !source.isDraft ? source.storedTicketIds : [] }),
    [source],
  );
  const locks = useMemo(() => editLocks(source, new Date()) as Partial<Record<LockKey, string>>, [source]);
  const draft = useWizardDraft(form, mode.kind === 'create', initial);
  const { restored } = draft;
  const { current, setCurrent, goTo, showStep, issuesNow } = useWizardSteps(form, issueCtx, Math.min(restored?.step ?? 0, REVIEW));
  useEffect(() => {
    RegistrationStep.preload();
    LocationStep.preload();
  }, []);

  const { save, saving } = useSaveEvent(mode, draft.saved);
  useLeaveGuard(draft.dirty && !saving, mode.kind === 'create', draft.clear);

  const values = () => form.getFieldsValue(true) as WizardValues;

  const onSave = async (action: SaveAction) => {
    const v = values();
    const payload = toPayload(v);
    if (action === 'submit' && payload.agreement) {
      const step = STEP_KEYS.findIndex((k) => k !== 'review' && stepFieldsWithIssues(issuesNow(), k).length > 0);
      if (step >= 0) {
        const labels = missingLabels(v, issueCtx);
        if (labels.length) message.error(fill(EVENT_MSG.missingRequired, { fields: labels.join(', ') }));
        return showStep(step);
      }
    }
    // Re-approval rule: an approved event whose reviewed parts changed goes back to review; say so first.
    const changes = source?.approvedStatus === 'approved' && source.reviewed ? reviewedChanges(source.reviewed, payload) : [];
    if (action === 'submit' && changes.length && !(await modal.confirm({
      title: T.reReviewTitle,
      content: T.reReviewBody(changes.join(', ')).map((p) => <p key={p}>{p}</p>),
      okText: T.reReviewOk,
      cancelText: T.reReviewCancel,
    }))) return;
    const refused = await save(action, payload);
    if (!refused?.length) return;
    // The server's own refusals (a taken key, a lock, sold categories) go under their fields too.
    const byField = new Map<string, string[]>();
    for (const e of refused) if (e.path) byField.set(formField(e.path, v), [...(byField.get(formField(e.path, v)) ?? []), e.message]);
    const first = [...byField.keys()][0];
    if (first) showStep(STEP_KEYS.indexOf(stepOf(first)), new Map([...byField].filter(([f]) => stepOf(f) === stepOf(first))));
  };

  const onValuesChange = () => {
    draft.onValuesChange();
    // Messages already shown follow the new values (one field can settle another's rule).
    const shown = form.getFieldsError().filter((e) => e.errors.length).map((e) => e.name);
    if (shown.length) void form.validateFields(shown).catch(() => undefined);
  };

  useEffect(() => draft.atStep(current), [current]); // eslint-disable-line react-hooks/exhaustive-deps

  const step: StepKey = STEP_KEYS[current];
  const canDraft = mode.kind === 'create' || mode.isDraft;
  return (
    <WizardProvider value={{ form, issueCtx, locks, eventId: mode.kind === 'edit' ? mode.id : null, editing: mode.kind === 'edit' }}>
      <div className={`wizard ${vertical ? 'wizard-vertical' : ''}`}>
        <Steps
          className="wizard-steps" current={current} onChange={goTo} direction={vertical ? 'vertical' : 'horizontal'} size="small"
          items={STEP_KEYS.map((k) => ({ title: T.steps[k] }))}
        />
        <div className="wizard-body">
          {restored && draft.fromRestore && !draft.changed && (
            <Alert
              type="info" showIcon message={T.restored} className="wizard-restored"
              action={(
                <Button size="small" onClick={() => {
                  draft.discard();
                  setCurrent(0);
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
