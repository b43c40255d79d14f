import type { ReactNode } from 'react';
import { Alert, Empty, Pagination, Spin, Typography } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { PAGE_SIZE, type Paged } from '@eo/contract';
import { errorText } from '../../../lib/api-client';

interface Props<T extends { id: string }> {
  list: UseQueryResult<Paged<T>>;
  page: number;
  onPage: (page: number) => void;
  label: string;
  total: (n: number) => string;
  empty: string;
  intro?: string;
  card: (item: T) => ReactNode;
}

/** One paged review queue: its count, its cards in order, an empty state, and paging. */
export function QueueList<T extends { id: string }>({ list, page, onPage, label, total, empty, intro, card }: Props<T>) {
  const docs = list.data?.docs ?? [];
  return (
    <>
      {intro && <Typography.Paragraph type="secondary">{intro}</Typography.Paragraph>}
      {list.error && <Alert type="error" showIcon message={errorText(list.error)} />}
      {list.data && <Typography.Paragraph className="review-total">{total(list.data.totalDocs)}</Typography.Paragraph>}
      <Spin spinning={list.isFetching}>
        {list.data && docs.length === 0 ? (
          <Empty description={empty} />
        ) : (
          <ul className="review-list" aria-label={label}>
            {docs.map((item) => <li key={item.id}>{card(item)}</li>)}
          </ul>
        )}
      </Spin>
      {(list.data?.totalPages ?? 0) > 1 && (
        <Pagination simple className="review-paging" current={page} pageSize={PAGE_SIZE} total={list.data?.totalDocs ?? 0} onChange={onPage} />
      )}
    </>
  );
}
