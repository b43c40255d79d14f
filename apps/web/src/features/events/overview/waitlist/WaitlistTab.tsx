import { useState } from 'react';
import { Alert, App, Button, Card, Popconfirm, Tag, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { fill, PAGE_SIZE, WAITLIST_OFFER_HOURS, WAITLIST_TEXT as T, type WaitlistStatus } from '@eo/contract';
import { ResponsiveTable } from '../../../../components/ResponsiveTable';
import { errorText } from '../../../../lib/api-client';
import { formatDateTime } from '../../../../lib/dates';
import type { EventDetail } from '../../../../lib/event-detail';
import { useWaitlist, type WaitlistEntry } from './get-waitlist';
import { useRemoveFromWaitlist } from './remove-from-waitlist';

/** Each status's tag colour: in the queue amber, holding a seat blue, seated green, lapsed grey, removed red. */
const STATUS_COLOR: Record<WaitlistStatus, string> = { waiting: 'gold', offered: 'blue', accepted: 'green', expired: 'default', removed: 'red' };
/** Only a place still in the queue can leave it; the others are history. */
const removable = (e: WaitlistEntry) => e.status === 'waiting' || e.status === 'offered';

/**
 * Daftar Tunggu (API.md, Seats): everyone who queued for a sold-out ticket, in the order they
 * joined, with their place and any offer's deadline. Removing one still queued hands a seat
 * they were offered to the next in line (the server does that).
 */
export function WaitlistTab({ event }: { event: EventDetail }) {
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const list = useWaitlist(event.id, page);
  const remove = useRemoveFromWaitlist(event.id);

  const removeOne = async (e: WaitlistEntry) => {
    try {
      await remove.mutateAsync(e.id);
      void message.success(fill(T.removed, { name: e.name }));
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const columns = [
    { key: 'position', title: T.columns.position, dataIndex: 'position', width: 80, render: (v: number | null) => v ?? '-' },
    { key: 'name', title: T.columns.name, dataIndex: 'name' },
    { key: 'email', title: T.columns.email, dataIndex: 'email' },
    { key: 'ticket', title: T.columns.ticket, dataIndex: 'ticketName' },
    { key: 'status', title: T.columns.status, dataIndex: 'status', render: (v: WaitlistStatus) => <Tag color={STATUS_COLOR[v]}>{T.statuses[v]}</Tag> },
    { key: 'offeredUntil', title: T.columns.offeredUntil, dataIndex: 'offeredUntil', render: (v: string | null) => (v ? formatDateTime(v) : '-') },
    { key: 'createdAt', title: T.columns.createdAt, dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
    {
      key: 'actions', title: T.columns.actions, fixed: 'right' as const,
      render: (_: unknown, e: WaitlistEntry) => (removable(e) ? (
        <Popconfirm
          title={fill(T.removeConfirm, { name: e.name })} okText={T.remove} cancelText={T.cancel} okButtonProps={{ danger: true }}
          // Returning the promise keeps the confirm's button loading until the server answers.
          onConfirm={() => removeOne(e)}
        >
          <Button size="small" danger icon={<DeleteOutlined />} aria-label={fill(T.removeOne, { name: e.name })}>{T.remove}</Button>
        </Popconfirm>
      ) : null),
    },
  ];

  return (
    <Card className="participants waitlist">
      <Typography.Title level={3} className="participants-title">{T.title}</Typography.Title>
      <Typography.Paragraph type="secondary" className="waitlist-intro">{fill(T.intro, { hours: WAITLIST_OFFER_HOURS })}</Typography.Paragraph>
      {list.error && <Alert type="error" showIcon title={errorText(list.error)} />}
      <ResponsiveTable<WaitlistEntry>
        aria-label={T.title} rowKey="id" columns={columns} dataSource={list.data?.docs ?? []} loading={list.isFetching} scroll={{ x: 'max-content' }}
        locale={{ emptyText: T.empty }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.totalDocs ?? 0, onChange: setPage, showSizeChanger: false }}
      />
    </Card>
  );
}
