import { useState, type Key } from 'react';
import { Alert, App, Button, Card, Space, Typography } from 'antd';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { fill, PAGE_SIZE, PARTICIPANT_TEXT as P, PENDING_TEXT as T, type Decision } from '@eo/contract';
import { ResponsiveTable } from '../../../../components/ResponsiveTable';
import { errorText } from '../../../../lib/api-client';
import { formatDateTime } from '../../../../lib/dates';
import type { EventDetail } from '../../../../lib/event-detail';
import type { Registrant } from '../api/get-registrants';
import { useAnswerCell } from '../hooks/use-answer-cell';
import { usePending } from './get-pending';
import { useDecide } from './decide';
import { mergeRefusals, refusalText, summarizeDecision, type Refusal } from './decision-summary';
import { DeclineModal } from './DeclineModal';

/**
 * Persetujuan (API.md, Seats): the registrations waiting for a decision, oldest first, with
 * every answer; approved or declined in bulk (the checked rows) or one by one. Whoever the
 * server left undecided is named with why in an alert that stays until dismissed.
 */
export function PendingTab({ event }: { event: EventDetail }) {
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Key[]>([]);
  const [declining, setDeclining] = useState<Registrant[] | null>(null);
  const [refused, setRefused] = useState<Refusal[]>([]);
  const list = usePending(event.id, page);
  const decide = useDecide(event.id);
  const answer = useAnswerCell(event.id);

  const docs = list.data?.docs ?? [];
  const questions = list.data?.questions ?? [];
  const picked = docs.filter((r) => selected.includes(r.id));
  // Deciding the last rows of a later page leaves it empty: back to the last page there is.
  const lastPage = Math.max(list.data?.totalPages ?? 1, 1);
  if (list.data && !list.isPlaceholderData && page > lastPage) setPage(lastPage);

  const send = async (people: Registrant[], decision: Decision, reason?: string) => {
    try {
      const result = await decide.mutateAsync({ registrantIds: people.map((r) => r.id), decision, ...(reason ? { reason } : {}) });
      const summary = summarizeDecision(decision, result, new Map(people.map((r) => [r.id, r.name])));
      if (summary.done) void message.success(summary.done);
      setRefused((kept) => mergeRefusals(kept, result, summary.refused));
      setSelected((keys) => keys.filter((k) => !people.some((r) => r.id === k)));
      setDeclining(null);
    } catch (err) {
      void message.error(errorText(err));
    }
  };
  const turnPage = (next: number) => {
    setPage(next);
    // A selection is of the rows on screen: the names of the refused come from them.
    setSelected([]);
  };

  const busy = decide.isPending;
  const sending = busy ? decide.variables.decision : null;
  const columns = [
    { key: 'no', title: P.columns.no, width: 64, responsive: ['sm' as const], render: (_: unknown, __: Registrant, i: number) => (page - 1) * PAGE_SIZE + i + 1 },
    { key: 'createdAt', title: P.columns.createdAt, dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
    { key: 'name', title: P.columns.name, dataIndex: 'name' },
    { key: 'email', title: P.columns.email, dataIndex: 'email' },
    { key: 'phone', title: P.columns.phone, dataIndex: 'phoneNumber', render: (v: string | null) => v || '-' },
    { key: 'ticket', title: P.columns.ticket, dataIndex: 'ticketType' },
    ...questions.map((q) => ({ key: q.id, title: q.name, render: (_: unknown, r: Registrant) => answer(r, q.id) })),
    {
      key: 'actions', title: T.actions, fixed: 'right' as const,
      render: (_: unknown, r: Registrant) => (
        <Space size={4} wrap>
          <Button size="small" icon={<CheckOutlined />} disabled={busy} aria-label={fill(T.approveOne, { name: r.name })} onClick={() => void send([r], 'approve')}>
            {T.approve}
          </Button>
          <Button size="small" danger icon={<CloseOutlined />} disabled={busy} aria-label={fill(T.declineOne, { name: r.name })} onClick={() => setDeclining([r])}>
            {T.decline}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card className="participants pending">
      <Typography.Title level={3} className="participants-title">{T.title}</Typography.Title>
      <Typography.Paragraph type="secondary" className="pending-intro">{T.intro}</Typography.Paragraph>
      {refused.length > 0 && (
        <Alert
          type="warning" showIcon role="alert" className="pending-refused" closable={{ onClose: () => setRefused([]) }}
          title={fill(T.refusedTitle, { n: refused.length })}
          description={<ul className="pending-refused-list">{refused.map((r) => <li key={r.registrantId}>{refusalText(r)}</li>)}</ul>}
        />
      )}
      {list.error && <Alert type="error" showIcon title={errorText(list.error)} />}
      <div className="pending-toolbar">
        {picked.length > 0 && <Typography.Text>{fill(T.selected, { n: picked.length })}</Typography.Text>}
        <Space wrap>
          <Button type="primary" icon={<CheckOutlined />} disabled={!picked.length || busy} loading={sending === 'approve'} onClick={() => void send(picked, 'approve')}>
            {T.approve}
          </Button>
          <Button danger icon={<CloseOutlined />} disabled={!picked.length || busy} onClick={() => setDeclining(picked)}>
            {T.decline}
          </Button>
        </Space>
      </div>
      {/* Scrolled by its wrapper, not antd's scroll.x: that adds a hidden measuring row holding a
          copy of the select-all checkbox, focusable inside aria-hidden (axe: aria-hidden-focus). */}
      <div className="pending-table">
        <ResponsiveTable<Registrant>
          aria-label={T.title} rowKey="id" columns={columns} dataSource={docs} loading={list.isFetching}
          locale={{ emptyText: T.empty }}
          rowSelection={{
            selectedRowKeys: selected, onChange: (keys) => setSelected(keys),
            getCheckboxProps: (r) => ({ 'aria-label': fill(T.selectOne, { name: r.name }), disabled: busy }),
          }}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.totalDocs ?? 0, onChange: turnPage, showSizeChanger: false }}
        />
      </div>
      <DeclineModal
        people={declining} busy={sending === 'decline'}
        onDecline={(reason) => void send(declining ?? [], 'decline', reason)} onClose={() => setDeclining(null)}
      />
    </Card>
  );
}
