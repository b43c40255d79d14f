import { useState } from 'react';
import { REVISION_TEXT as T, type RevisionDecision, type RevisionItem } from '@eo/contract';
import { useDecideRevision } from '../api/decide-revision';
import { useRevisionList } from '../api/get-revision-list';
import { QueueList } from './QueueList';
import { RejectModal } from './RejectModal';
import { RevisionCard } from './RevisionCard';
import { useDecisions } from './use-decisions';

/** Public-facing edits of approved events waiting for review, oldest first, with what each changes. */
export function RevisionQueue() {
  const [page, setPage] = useState(1);
  const list = useRevisionList(page);
  const decide = useDecideRevision();
  const { rejecting, setRejecting, send, approve } = useDecisions<RevisionItem, RevisionDecision>(
    decide, { title: T.approveTitle, body: T.approveBody, ok: T.approve }, { decision: 'approve' },
  );
  return (
    <>
      <QueueList
        list={list} page={page} onPage={setPage} label={T.queueTitle} total={T.queueTotal} empty={T.queueEmpty} intro={T.queueIntro}
        card={(item) => <RevisionCard item={item} busy={decide.isPending} onApprove={() => approve(item)} onReject={() => setRejecting(item)} />}
      />
      <RejectModal
        eventName={rejecting ? rejecting.name || '-' : null} title={T.rejectTitle} okText={T.rejectOk}
        busy={decide.isPending}
        onReject={(reason) => rejecting && void send(rejecting, { decision: 'reject', reason })}
        onClose={() => setRejecting(null)}
      />
    </>
  );
}
