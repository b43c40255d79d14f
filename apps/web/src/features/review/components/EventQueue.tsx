import { useState } from 'react';
import { App } from 'antd';
import { type ApprovalBody, type ReviewItem, REVIEW_TEXT as T } from '@eo/contract';
import { errorText } from '../../../lib/api-client';
import { useDecideEvent } from '../api/decide-event';
import { useReviewList } from '../api/get-review-list';
import { QueueList } from './QueueList';
import { RejectModal } from './RejectModal';
import { ReviewCard } from './ReviewCard';

/** Submitted events waiting for approval, oldest first. */
export function EventQueue() {
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

  return (
    <>
      <QueueList
        list={list} page={page} onPage={setPage} label={T.title} total={T.total} empty={T.empty}
        card={(item) => <ReviewCard item={item} busy={decide.isPending} onApprove={() => approve(item)} onReject={() => setRejecting(item)} />}
      />
      <RejectModal
        eventName={rejecting ? rejecting.name || '-' : null}
        busy={decide.isPending}
        onReject={(reason) => rejecting && void send(rejecting, { approvedStatus: 'rejected', reason })}
        onClose={() => setRejecting(null)}
      />
    </>
  );
}
