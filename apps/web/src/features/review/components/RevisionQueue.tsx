import { useState } from 'react';
import { App } from 'antd';
import { REVIEW_TEXT, REVISION_TEXT as T, type RevisionDecision, type RevisionItem } from '@eo/contract';
import { errorText } from '../../../lib/api-client';
import { useDecideRevision } from '../api/decide-revision';
import { useRevisionList } from '../api/get-revision-list';
import { QueueList } from './QueueList';
import { RejectModal } from './RejectModal';
import { RevisionCard } from './RevisionCard';

/** Public-facing edits of approved events waiting for review, oldest first, with what each changes. */
export function RevisionQueue() {
  const { message, modal } = App.useApp();
  const [page, setPage] = useState(1);
  const [rejecting, setRejecting] = useState<RevisionItem | null>(null);
  const list = useRevisionList(page);
  const decide = useDecideRevision();

  const send = (item: RevisionItem, body: RevisionDecision) =>
    decide.mutateAsync({ id: item.id, body }).then(
      (text) => {
        void message.success(text);
        setRejecting(null);
      },
      (err: unknown) => void message.error(errorText(err)),
    );

  const approve = (item: RevisionItem) => modal.confirm({
    title: T.approveTitle,
    content: T.approveBody(item.name || '-'),
    okText: T.approve,
    cancelText: REVIEW_TEXT.cancel,
    onOk: () => send(item, { decision: 'approve' }),
  });

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
