import { App, Button, Popconfirm, Typography } from 'antd';
import type { TableColumnType } from 'antd';
import { CopyOutlined, DeleteOutlined } from '@ant-design/icons';
import { fill, TRACKING_LINK_TEXT as T, type TrackingLink } from '@eo/contract';
import { ResponsiveTable } from '../../../components/ResponsiveTable';
import { errorText } from '../../../lib/api-client';
import { useCopy } from '../../../lib/use-copy';
import { useDeleteTrackingLink } from './api/delete-tracking-link';

/** An event's links: name, code, the whole link (selectable), copy and delete. */
export function TrackingLinksTable({ eventId, links, loading, canEdit }: { eventId: string; links: TrackingLink[]; loading: boolean; canEdit: boolean }) {
  const { message } = App.useApp();
  const remove = useDeleteTrackingLink(eventId);
  const copy = useCopy(T);
  const columns: TableColumnType<TrackingLink>[] = [
    { key: 'name', title: T.name, dataIndex: 'name', render: (name: string) => <span className="tl-wrap">{name}</span> },
    { key: 'code', title: T.code, dataIndex: 'code', render: (code: string) => <Typography.Text code>{code}</Typography.Text> },
    { key: 'url', title: T.link, dataIndex: 'url', render: (url: string) => <span className="tl-url">{url}</span> },
    {
      key: 'actions', title: '', render: (_: unknown, link: TrackingLink) => (
        <div className="tl-actions">
          <Button icon={<CopyOutlined />} aria-label={fill(T.copyLink, { code: link.code })} onClick={() => void copy(link.url)}>{T.copy}</Button>
          {canEdit && (
            <Popconfirm
              title={fill(T.deleteTitle, { code: link.code })} description={<div className="tl-confirm">{T.deleteBody}</div>}
              okText={T.delete} cancelText={T.cancel} okButtonProps={{ danger: true, loading: remove.isPending }}
              onConfirm={async () => {
                try {
                  await remove.mutateAsync(link.code);
                  void message.success(T.deleted);
                } catch (err) {
                  void message.error(errorText(err));
                }
              }}
            >
              <Button danger icon={<DeleteOutlined />} aria-label={fill(T.deleteLink, { code: link.code })}>{T.delete}</Button>
            </Popconfirm>
          )}
        </div>
      ),
    },
  ];
  return (
    <ResponsiveTable<TrackingLink>
      aria-label={T.section} rowKey="code" columns={columns} dataSource={links} loading={loading} pagination={false}
      scroll={{ x: 'max-content' }} locale={{ emptyText: T.empty }}
    />
  );
}
