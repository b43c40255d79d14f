import { useState } from 'react';
import { type ApprovalBody, type ReviewItem, REVIEW_TEXT as T } from '@eo/contract';
import { useDecideEvent } from '../api/decide-event';
import { useReviewList } from '../api/get-review-list';
import { QueueList } from './QueueList';
import { RejectModal } from './RejectModal';
import { ReviewCard } from './ReviewCard';
import { useDecisions } from './use-decisions';

/** Submitted events waiting for approval, oldest first. */
export function EventQueue() {
  const [page, setPage] = useState(1);
  const list = useReviewList(page);
  const decide = useDecideEvent();
  const { rejecting, setRejecting, send, approve } = useDecisions<ReviewItem, ApprovalBody>(
    decide, { title: T.approveTitle, body: T.approveBody, ok: T.approveOk }, { approvedStatus: 'approved' },
  );
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
