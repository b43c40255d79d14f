import { Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { PAGE_SIZE, type EventListItem, type Paged, LIST_TEXT as T } from '@eo/contract';
import { formatDateTime } from '../../../lib/dates';
import { overviewPath, rowNumber, type ListGroup } from '../list-params';
import { CategoryTag } from './CategoryTag';

interface Props {
  group: ListGroup;
  data: Paged<EventListItem> | undefined;
  loading: boolean;
  page: number;
  onPage: (page: number) => void;
}

export function EventTable({ group, data, loading, page, onPage }: Props) {
  const columns: ColumnsType<EventListItem> = [
    { title: T.columns.no, key: 'no', width: 64, render: (_v, _r, i) => rowNumber(page, i) },
    { title: T.columns.createdAt, dataIndex: 'createdAt', width: 170, render: (v: string) => formatDateTime(v) },
    { title: T.columns.name, dataIndex: 'name', render: (v: string) => <span className="event-name">{v || '-'}</span> },
    { title: T.columns.category, dataIndex: 'type', width: 150, render: (v: string | null) => (v ? <CategoryTag type={v} /> : '-') },
    {
      title: T.columns.type, dataIndex: 'isPaidEvent', width: 110,
      render: (paid: boolean) => <Tag color={paid ? 'gold' : 'green'}>{paid ? T.paid : T.free}</Tag>,
    },
    {
      title: T.columns.action, key: 'action', width: 140,
      render: (_v, r) => <Link to={overviewPath(group, r.id)}>{group === 'draft' ? T.edit : T.overview}</Link>,
    },
  ];
  return (
    <Table<EventListItem>
      rowKey="id"
      columns={columns}
      dataSource={data?.docs ?? []}
      loading={loading}
      aria-label={T.title[group]}
      pagination={{
        current: page, pageSize: PAGE_SIZE, total: data?.totalDocs ?? 0, showSizeChanger: false, onChange: onPage, hideOnSinglePage: false,
      }}
      locale={{ emptyText: T.noData }}
      scroll={{ x: 760 }}
    />
  );
}

