import { useState } from 'react';
import { Alert, App, Empty, Pagination, Spin, Typography } from 'antd';
import { PAGE_SIZE, type ApprovalBody, type ReviewItem, REVIEW_TEXT as T } from '@eo/contract';
import { errorText } from '../../lib/api-client';
import { useDecideEvent } from './api/decide-event';
import { useReviewList } from './api/get-review-list';
import { RejectModal } from './components/RejectModal';
import { ReviewCard } from './components/ReviewCard';
import './review.css';

/** `/admin/review` (globalAdmin): submitted events waiting for approval, oldest first. */
export function ReviewPage() {
  const { message, modal } = App.useApp();
  const [page, setPage] = useState(1);
  const [rejecting, setRejecting] = useState<ReviewItem | null>(null);
  const list = useReviewList(page);
  const decide = useDecideEvent();

  const send = (item: ReviewItem, body: ApprovalBody) =>
    decide.mutateAsync({ id: item.id, body }).then(
      (text) => {
        void message.success(text);
        setRejecting(null);
      },
      (err: unknown) => void message.error(errorText(err)),
    );

  const approve = (item: ReviewItem) => modal.confirm({
    title: T.approveTitle,
    content: T.approveBody(item.name || '-'),
    okText: T.approveOk,
    cancelText: T.cancel,
    onOk: () => send(item, { approvedStatus: 'approved' }),
  });

  const docs = list.data?.docs ?? [];
  return (
    <div className="review-page">
      <Typography.Title level={1} className="review-title">{T.title}</Typography.Title>
      <Typography.Paragraph type="secondary">{T.intro}</Typography.Paragraph>
      {list.error && <Alert type="error" showIcon message={errorText(list.error)} />}
      {list.data && <Typography.Paragraph className="review-total">{T.total(list.data.totalDocs)}</Typography.Paragraph>}
      <Spin spinning={list.isFetching}>
        {list.data && docs.length === 0 ? (
          <Empty description={T.empty} />
        ) : (
          <ul className="review-list" aria-label={T.title}>
            {docs.map((item) => (
              <li key={item.id}>
                <ReviewCard item={item} busy={decide.isPending} onApprove={() => approve(item)} onReject={() => setRejecting(item)} />
              </li>
            ))}
          </ul>
        )}
      </Spin>
      {(list.data?.totalPages ?? 0) > 1 && (
        <Pagination simple className="review-paging" current={page} pageSize={PAGE_SIZE} total={list.data?.totalDocs ?? 0} onChange={setPage} />
      )}
      <RejectModal
        eventName={rejecting ? rejecting.name || '-' : null}
        busy={decide.isPending}
        onReject={(reason) => rejecting && void send(rejecting, { approvedStatus: 'rejected', reason })}
        onClose={() => setRejecting(null)}
      />
    </div>
  );
}
