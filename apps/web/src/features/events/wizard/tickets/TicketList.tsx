import { useState } from 'react';
import { Button, Card, Empty, Popconfirm, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, ExclamationCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { TicketInput } from '@eo/contract';
import { ticketIssues, type TicketContext } from '../ticket-issues';
import { TicketModal, type ExistingLocks } from './TicketModal';
import { datesLabel, deadlineLabel, priceLabel, quotaLabel, seatTags, shortName } from './ticket-summary';
import './tickets.css';
import { TICKET_TEXT as T } from '@eo/contract';

export interface TicketListProps {
  value?: TicketInput[];
  onChange?: (t: TicketInput[]) => void;
  ctx: TicketContext;
  /** When a string (the reason), stored tickets keep their quota type and dates in the modal. */
  lockExisting?: ExistingLocks | null;
  /** The whole list is read-only. */
  disabled?: boolean;
  /** The stored event's id, for hidden tickets' links. */
  eventId?: string | null;
}

/** The participant categories of the Registration & Deadline step; an antd Form.Item control. */
export function TicketList({ value = [], onChange, ctx, lockExisting, disabled, eventId = null }: TicketListProps) {
  // `index` null adds a ticket; it stays set while the modal closes so its title does not flip.
  const [modal, setModal] = useState<{ open: boolean; index: number | null }>({ open: false, index: null });
  const close = () => setModal((m) => ({ ...m, open: false }));

  const save = (t: TicketInput) => {
    const next = modal.index === null ? [...value, t] : value.map((x, i) => (i === modal.index ? t : x));
    onChange?.(next);
    close();
  };

  return (
    <div className="ticket-list">
      {value.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.empty} />}
      <ul className="ticket-cards">
        {value.map((t, i) => (
          <li key={t.id ?? i}>
            <TicketCard
              ticket={t} ctx={ctx} disabled={disabled}
              onEdit={() => setModal({ open: true, index: i })}
              onDelete={() => onChange?.(value.filter((_, j) => j !== i))}
            />
          </li>
        ))}
      </ul>
      <Button type="dashed" icon={<PlusOutlined />} disabled={disabled} onClick={() => setModal({ open: true, index: null })}>
        {T.add}
      </Button>
      <TicketModal
        open={modal.open} initial={modal.index === null ? null : (value[modal.index] ?? null)} ctx={ctx}
        lockExisting={lockExisting} eventId={eventId} onSave={save} onCancel={close}
      />
    </div>
  );
}

interface CardProps { ticket: TicketInput; ctx: TicketContext; disabled?: boolean; onEdit: () => void; onDelete: () => void }

function TicketCard({ ticket: t, ctx, disabled, onEdit, onDelete }: CardProps) {
  const incomplete = ticketIssues(t, ctx).size > 0;
  const name = t.name ?? '';
  const label = (action: string) => (name ? `${action} ${name}` : action);
  const tags = ctx.internal ? seatTags(t) : [];
  return (
    <Card size="small" className={incomplete ? 'ticket-card ticket-card-invalid' : 'ticket-card'}>
      <div className="ticket-card-head">
        <Typography.Text strong className="ticket-card-name" title={name}>{shortName(name) || '-'}</Typography.Text>
        <div className="ticket-card-actions">
          <Button size="small" icon={<EditOutlined />} aria-label={label(T.edit)} disabled={disabled} onClick={onEdit}>{T.edit}</Button>
          <Popconfirm
            title={T.deleteConfirm(shortName(name))} okText={T.deleteOk} cancelText={T.deleteCancel}
            okButtonProps={{ danger: true }} onConfirm={onDelete} disabled={disabled}
          >
            <Button size="small" danger icon={<DeleteOutlined />} aria-label={label(T.delete)} disabled={disabled}>{T.delete}</Button>
          </Popconfirm>
        </div>
      </div>
      <dl className="ticket-card-facts">
        <div><dt>{T.priceLabel}</dt><dd>{priceLabel(t)}</dd></div>
        {ctx.internal && <div><dt>{T.quotaLabel}</dt><dd>{quotaLabel(t)}</dd></div>}
        <div><dt>{T.datesLabel}</dt><dd>{datesLabel(t)}</dd></div>
        <div><dt>{T.deadlineLabel}</dt><dd>{deadlineLabel(t)}</dd></div>
      </dl>
      {tags.length > 0 && <div className="ticket-card-tags">{tags.map((tag) => <Tag key={tag}>{tag}</Tag>)}</div>}
      {incomplete && (
        <Typography.Text type="danger" className="ticket-card-warning">
          <ExclamationCircleOutlined /> {T.incomplete}
        </Typography.Text>
      )}
    </Card>
  );
}
