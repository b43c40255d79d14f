import { useState } from 'react';
import { Alert, Button, Modal, Pagination, Spin, Typography } from 'antd';
import { fill, EVALUATION_TEXT as T, PAGE_SIZE } from '@eo/contract';
import { errorText } from '../../../../lib/api-client';
import { formatDateTime } from '../../../../lib/dates';
import { useTextAnswers } from './get-text-answers';

/** A list of text answers, each with when it was given. */
export function TextList({ label, items }: { label: string; items: { text: string; answeredAt: string }[] }) {
  return (
    <ul className="evaluation-texts" aria-label={label}>
      {items.map((x, i) => <li key={`${x.answeredAt}-${i}`}><span>{x.text}</span> <Typography.Text type="secondary">{formatDateTime(x.answeredAt)}</Typography.Text></li>)}
    </ul>
  );
}

/**
 * "Lihat semua" under a text question's latest answers: every answer in a dialog, newest first,
 * a page at a time. Offered only when there are more than the summary shows.
 */
export function AllTextAnswers({ eventId, question }: { eventId: string; question: { id: string; label: string; answers: number } }) {
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(1);
  const list = useTextAnswers(eventId, question.id, page, question.answers, open);
  const title = fill(T.allAnswers, { label: question.label });
  return (
    <>
      <Button type="link" className="evaluation-see-all" onClick={() => setOpen(true)}>{fill(T.seeAll, { n: question.answers })}</Button>
      <Modal open={open} title={title} footer={null} onCancel={() => setOpen(false)} destroyOnHidden>
        {list.error && <Alert type="error" showIcon title={T.allFailed} description={errorText(list.error)} />}
        <Spin spinning={list.isFetching}>
          {list.data && <TextList label={title} items={list.data.docs} />}
        </Spin>
        {(list.data?.totalPages ?? 0) > 1 && (
          <Pagination simple className="evaluation-texts-paging" current={page} pageSize={PAGE_SIZE} total={list.data?.totalDocs ?? 0} onChange={setPage} />
        )}
      </Modal>
    </>
  );
}
