import type { ReactNode } from 'react';
import { Card, Descriptions, Tag, Typography } from 'antd';
import { EnvironmentOutlined, LinkOutlined } from '@ant-design/icons';
import { constantLabel, decodeSubTypes, ticketStatus, type SubType, OVERVIEW_TEXT as T } from '@eo/contract';
import type { EventDetail } from '../../../../lib/event-detail';
import { CategoryTag } from '../../components/CategoryTag';
import { mapLink } from '../../event-text';
import { priceLabel, shortName } from '../../wizard/tickets/ticket-summary';
import { groupEventDates, type DateRow, type DayGroup } from '../event-dates';
import { sessionWhen, wibDayText as dayText } from '../session-when';

type Ticket = EventDetail['tickets'][number];

/** `Sabtu, 12 Des 2026 · 09:00–12:00 WIB`. */
function dateLine(d: DateRow) {
  const hours = d.startHour ? ` · ${d.startHour}${d.endHour ? `–${d.endHour}` : ''} ${T.wib}` : '';
  return `${dayText(d.date)}${hours}`;
}

/** A day once; where its categories' hours differ, each category's hours under it, by name. */
function DayLine({ g }: { g: DayGroup }) {
  if (!g.byCategory.length) return <span>{dayText(g.date)}{g.hours ? ` · ${g.hours} ${T.wib}` : ''}</span>;
  return (
    <div>
      <span>{dayText(g.date)}</span>
      <ul className="overview-day-hours">
        {g.byCategory.map((c) => <li key={`${c.name}|${c.hours}`}><span className="overview-day-ticket">{shortName(c.name)}</span>: {c.hours ? `${c.hours} ${T.wib}` : T.none}</li>)}
      </ul>
    </div>
  );
}

/** The sessions in start order: `Pembukaan` then `Sabtu, 12 Des 2026 · 09:00–10:15 WIB`. */
function SessionList({ sessions }: { sessions: EventDetail['sessions'] }) {
  return (
    <ol className="overview-list">
      {sessions.map((s) => (
        <li key={s.id}>
          <strong>{s.name}</strong> · {sessionWhen(s)}
        </li>
      ))}
    </ol>
  );
}

/** Sub-category and competition fields as shown: listed and custom values alike, capitalised. */
const subTypeLabels = (subTypes: SubType[]) => subTypes.map((t) => constantLabel(t.value));

const list = (values: string[], extra: string[] = []) => {
  const all = [...values, ...extra].filter(Boolean).map(constantLabel);
  return all.length ? <ul className="overview-list">{all.map((v) => <li key={v}>{v}</li>)}</ul> : T.none;
};

function TicketCard({ t }: { t: Ticket }) {
  const soldOut = ticketStatus(t) === 'Sold Out';
  const dates: DateRow[] = t.dates ?? [];
  return (
    <Card size="small" className="overview-ticket">
      <div className="overview-ticket-head">
        <Typography.Text strong title={t.name}>{shortName(t.name)}</Typography.Text>
        <Tag color={soldOut ? 'red' : 'green'}>{soldOut ? T.soldOut : T.available}</Tag>
      </div>
      <div className="overview-ticket-price">{priceLabel(t)}</div>
      {dates.map((d) => <div key={d.date} className="overview-ticket-date">{dateLine(d)}</div>)}
    </Card>
  );
}

function location(e: EventDetail): ReactNode {
  if (e.experience === 'online') {
    return e.eventStreamLink
      ? <><Tag>{T.online}</Tag> <Typography.Link href={e.eventStreamLink} target="_blank" rel="noopener noreferrer"><LinkOutlined /> {T.streamingLink}</Typography.Link></>
      : <><Tag>{T.online}</Tag> {T.noStreamingLink}</>;
  }
  if (!e.location) return T.none;
  return (
    <div className="overview-stack">
      <span>{e.location}</span>
      {e.eventCoordinateLat != null && e.eventCoordinateLong != null && (
        <Typography.Link href={mapLink(e.eventCoordinateLat, e.eventCoordinateLong)} target="_blank" rel="noopener noreferrer">
          <EnvironmentOutlined /> {T.map}
        </Typography.Link>
      )}
      {e.locationNotes && <span className="overview-muted">{T.notes}: {e.locationNotes}</span>}
    </div>
  );
}

/** Everything about the event as participants see it (spec section 2, General Information). */
export function GeneralInfoTab({ event: e }: { event: EventDetail }) {
  const tickets: Ticket[] = e.tickets ?? [];
  const days = groupEventDates(tickets);
  const decoded = decodeSubTypes(e.subTypes);
  const subs = subTypeLabels(decoded.subCategories);
  const fields = subTypeLabels(decoded.competitionFields);
  const eo = e.eventOrganizer ?? {};
  const items = [
    { label: T.subCategory, children: subs.length ? subs.join(', ') : T.none },
    ...(e.type === 'Lomba' ? [{ label: T.competitionFields, children: fields.length ? fields.join(', ') : (e.competitionField ?? []).join(', ') || T.none }] : []),
    { label: T.dates, children: days.length ? <div className="overview-stack">{days.map((g) => <DayLine key={g.date} g={g} />)}</div> : T.none },
    ...(e.sessions?.length ? [{ label: T.sessions, children: <SessionList sessions={e.sessions} /> }] : []),
    { label: T.location, children: location(e) },
    ...(e.registrationMethod === 'external' && e.registrationUrl
      ? [{ label: T.externalLink, children: <Typography.Link href={e.registrationUrl} target="_blank" rel="noopener noreferrer">{e.registrationUrl}</Typography.Link> }]
      : []),
    ...(!e.allowRegister ? [{ label: T.registration, children: T.noRegistration }] : []),
  ];

  return (
    <div className="overview-general">
      <div className="overview-poster">
        {e.imageUrl ? <img src={e.imageUrl} alt={e.name ?? ''} /> : <div className="overview-poster-empty" />}
      </div>
      <div className="overview-main">
        {/* In its own row: a flex column would stretch the badge across the whole column. */}
        <div className="overview-category"><CategoryTag type={e.type ?? ''} /></div>
        <Typography.Title level={2} className="overview-name">{e.name}</Typography.Title>
        <Descriptions column={1} size="small" items={items.map((i) => ({ ...i, key: i.label }))} />
        {tickets.length > 0 && (
          <section aria-label={T.tickets}>
            <Typography.Title level={4}>{T.tickets}</Typography.Title>
            <div className="overview-tickets">{tickets.map((t) => <TicketCard key={t.id} t={t} />)}</div>
          </section>
        )}
        <section aria-label={T.postedBy} className="overview-organizer">
          <Typography.Title level={4}>{T.postedBy}</Typography.Title>
          <div className="overview-organizer-row">
            {eo.organizationLogoUrl && <img src={eo.organizationLogoUrl} alt="" className="overview-logo" />}
            <div>
              <strong>{eo.name || e.creatorProfile?.name}</strong>
              {eo.email && <div className="overview-muted">{eo.email}</div>}
              {eo.phoneNumber && <div className="overview-muted">+{eo.phoneNumber}</div>}
              {eo.instagramProfileUrl && <Typography.Link href={eo.instagramProfileUrl} target="_blank" rel="noopener noreferrer">{eo.instagramProfileUrl}</Typography.Link>}
            </div>
          </div>
        </section>
        <section aria-label={T.description}>
          <Typography.Title level={4}>{T.description}</Typography.Title>
          <Typography.Paragraph className="overview-pre">{e.description || T.none}</Typography.Paragraph>
        </section>
        <Descriptions
          column={1} size="small" bordered className="overview-lists"
          items={[
            { key: 'steps', label: T.stepsToRegister, children: list(e.stepsToRegister ?? [], e.additionalStepsToRegister ?? []) },
            {
              key: 'after', label: T.afterSteps,
              children: (
                <>
                  {list(e.afterRegistSteps ?? [], e.additionalAfterRegistSteps ?? [])}
                  {e.whatsAppGroupLink && <Typography.Link href={e.whatsAppGroupLink} target="_blank" rel="noopener noreferrer">{e.whatsAppGroupLink}</Typography.Link>}
                </>
              ),
            },
            { key: 'eligibility', label: T.eligibility, children: list(e.eligibilities ?? [], e.additionalEligibility ?? []) },
            { key: 'benefit', label: T.benefit, children: list(e.benefits ?? [], e.additionalBenefit ?? []) },
          ]}
        />
      </div>
    </div>
  );
}
