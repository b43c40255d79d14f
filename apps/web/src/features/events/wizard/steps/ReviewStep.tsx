import type { ReactNode } from 'react';
import { Button, Descriptions, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { categoryLabel, constantLabel, formatWibDateTime, SESSION_TEXT as S, type TicketInput, WIZARD_TEXT as T } from '@eo/contract';
import { sessionRangeLabel, type SessionRow } from '../sessions/session-rows';
import { datesLabel, deadlineLabel, priceLabel, quotaLabel, seatTags } from '../tickets/ticket-summary';
import { useWizard } from '../wizard-context';
import type { StepKey } from '../wizard-issues';
import { OTHER, type WizardValues } from '../wizard-values';
import { mapLink } from '../../event-text';

const dash = (v: ReactNode) => (v === null || v === undefined || v === '' ? T.empty : v);
const list = (values: string[], extra: string[] = []) => dash([...values.map(constantLabel), ...extra.map(constantLabel)].join(', '));
const yesNo = (v: boolean | null) => (v === null ? T.empty : v ? T.yes : T.no);
const image = (url: string | null, alt: string, className = 'review-thumb') => (url ? <img src={url} alt={alt} className={className} /> : T.empty);

function ticketLine(t: TicketInput) {
  return (
    <li key={t.id ?? t.name}>
      <strong>{t.name}</strong> · {priceLabel(t)} · {quotaLabel(t)} · {datesLabel(t)} · {deadlineLabel(t)}
      {t.registrationSteps.length > 0 && ` · ${t.registrationSteps.length} pertanyaan`}
      {seatTags(t).map((tag) => ` · ${tag}`).join('')}
    </li>
  );
}

function sessionLine(s: SessionRow, i: number) {
  return <li key={s.id ?? i}><strong>{dash(s.name)}</strong> · {sessionRangeLabel(s) ?? T.empty}</li>;
}

/** Step 6: everything as the organizer will see it, with a way back to each step. */
export function ReviewStep({ onEdit }: { onEdit: (step: StepKey) => void }) {
  const { form } = useWizard();
  const v = form.getFieldsValue(true) as WizardValues;
  const eo = v.eventOrganizer;
  const section = (step: StepKey, items: { label: string; children: ReactNode }[]) => (
    <Descriptions
      key={step} bordered size="small" column={1} title={T.steps[step]} className="review-section"
      extra={<Button type="link" icon={<EditOutlined />} onClick={() => onEdit(step)} aria-label={`${T.change} ${T.steps[step]}`}>{T.change}</Button>}
      items={items.map((i) => ({ ...i, key: i.label }))}
    />
  );
  const sub = v.subCategory === OTHER ? v.subCategoryOther : v.subCategory;
  const fields = v.competitionFields.map((f) => (f === OTHER ? v.competitionOther : f));

  return (
    <div className="review">
      <Typography.Paragraph type="secondary">{T.reviewIntro}</Typography.Paragraph>
      {section('general', [
        { label: T.poster, children: image(v.imageUrl, T.poster, 'review-poster') },
        { label: T.name, children: dash(v.name) },
        { label: T.category, children: v.type === OTHER ? dash(v.typeDesc) : categoryLabel(v.type) },
        { label: T.subCategory, children: dash(sub) },
        ...(v.type === 'Lomba' ? [{ label: T.competitionField, children: dash(fields.join(', ')) }] : []),
        { label: T.logo, children: image(eo.organizationLogoUrl, T.logo) },
        { label: T.eoName, children: dash(eo.name) },
        { label: T.eoEmail, children: dash(eo.email) },
        { label: T.whatsappNumber, children: eo.contacts.includes('whatsapp') && eo.phoneNational ? `+62${eo.phoneNational}` : T.empty },
        { label: T.instagram, children: eo.contacts.includes('instagram') ? dash(eo.instagramProfileUrl) : T.empty },
      ])}
      {section('registration', [
        { label: T.eventType, children: v.isPaidEvent === null ? T.empty : v.isPaidEvent ? T.paid : T.free },
        { label: T.allowRegister, children: yesNo(v.allowRegister) },
        ...(v.allowRegister ? [{ label: T.registrationMethod, children: v.registrationMethod === 'internal' ? T.internal : v.registrationMethod === 'external' ? T.external : T.empty }] : []),
        ...(v.allowRegister && v.registrationMethod === 'external' ? [{ label: T.registrationUrl, children: dash(v.registrationUrl) }] : []),
        ...(v.allowRegister ? [{ label: T.tickets, children: v.tickets.length ? <ul className="review-tickets">{v.tickets.map(ticketLine)}</ul> : T.empty }] : []),
        ...(v.allowRegister && v.registrationMethod === 'internal' ? [{
          label: T.cancellationDeadline,
          children: v.cancellationDeadline ? formatWibDateTime(new Date(v.cancellationDeadline)) : T.cancellationUntilStart,
        }] : []),
        ...(v.sessions.length ? [{ label: S.title, children: <ul className="review-tickets">{v.sessions.map(sessionLine)}</ul> }] : []),
      ])}
      {section('location', [
        { label: T.experience, children: v.experience === 'online' ? T.online : v.experience === 'offline' ? T.offline : T.empty },
        ...(v.experience === 'offline' ? [
          { label: T.address, children: dash(v.location) },
          ...(v.eventCoordinateLat !== null && v.eventCoordinateLong !== null
            ? [{ label: T.openMap, children: <Typography.Link href={mapLink(v.eventCoordinateLat, v.eventCoordinateLong)} target="_blank" rel="noopener noreferrer">{`${v.eventCoordinateLat}, ${v.eventCoordinateLong}`}</Typography.Link> }]
            : []),
          { label: T.notes, children: dash(v.locationNotes) },
        ] : []),
        ...(v.experience === 'online' ? [{ label: T.streamLink, children: v.eventStreamQuestion ? dash(v.eventStreamLink) : T.no }] : []),
      ])}
      {section('details', [
        { label: T.description, children: <span className="review-pre">{dash(v.description)}</span> },
        { label: T.benefits, children: list(v.benefits, v.additionalBenefit) },
        { label: T.eligibilities, children: list(v.eligibilities, v.additionalEligibility) },
        { label: T.stepsToRegister, children: list(v.stepsToRegister, v.additionalStepsToRegister) },
        { label: T.afterSteps, children: list(v.afterRegistSteps, v.additionalAfterRegistSteps) },
        ...(v.afterRegistSteps.includes('__JOIN_WHATSAPP_GROUP__') ? [{ label: T.waGroup, children: dash(v.whatsAppGroupLink) }] : []),
        { label: T.agreement, children: yesNo(v.agreement) },
      ])}
      {section('twibbon', [
        { label: T.twibbonRequired, children: yesNo(v.twibbonRequired) },
        ...(v.twibbonRequired ? [
          { label: T.twibbonTemplate, children: image(v.twibbon.templateUrl, T.twibbonTemplate) },
          { label: T.customKey, children: dash(v.twibbon.customKey) },
          { label: T.caption, children: <span className="review-pre">{dash(v.twibbon.caption)}</span> },
          { label: T.guidelines, children: v.twibbon.guide.length ? <ol>{v.twibbon.guide.map((g, i) => <li key={i}>{g}</li>)}</ol> : T.empty },
          { label: T.twibbonPoster, children: image(v.twibbon.posterUrl, T.twibbonPoster) },
        ] : []),
      ])}
    </div>
  );
}
