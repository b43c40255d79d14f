import type { ReactNode } from 'react';
import { Spin, Typography } from 'antd';
import { CERT_ATTENDEES_MSG as M, fill } from '@eo/contract';
import { errorText } from '../../../lib/api-client';
import { useAttendeesCount } from '../api/get-attendees-count';

interface Props {
  /** The id the `Peserta yang hadir` label names. */
  id: string;
  eventId?: string;
  /** The edited certificate: how many of the attendees already hold it. */
  certificateId?: string;
}

/** The recipients of an attendees certificate, counted by the API for the chosen event before publishing. */
export function AttendeesCount({ id, eventId, certificateId }: Props) {
  const count = useAttendeesCount(eventId, certificateId);
  let text: ReactNode;
  if (!eventId) text = <Typography.Text type="secondary">{M.pickEvent}</Typography.Text>;
  else if (count.isPending) text = <Spin size="small" />;
  else if (count.error) text = <Typography.Text type="danger" role="alert">{`${M.countFailed}: ${errorText(count.error)}`}</Typography.Text>;
  else {
    const { attendees, alreadyCertified, toSend } = count.data;
    text = (
      <>
        <Typography.Text strong>{fill(M.count, { n: attendees })}</Typography.Text>
        {alreadyCertified > 0 && <Typography.Text type="secondary">{fill(M.toSend, { done: alreadyCertified, n: toSend })}</Typography.Text>}
      </>
    );
  }
  return (
    <div id={id} className="cert-attendees" aria-live="polite">
      {text}
      <Typography.Text type="secondary" className="cert-hint">{M.hint}</Typography.Text>
    </div>
  );
}
