import { Alert } from 'antd';
import { REVISION_TEXT as T, type PendingRevision } from '@eo/contract';
import { formatDateTime } from '../../../lib/dates';

/** Says that an approved event's public-facing edit waits for the admin, and which parts. */
export function RevisionNotice({ revision, className }: { revision: PendingRevision | null; className?: string }) {
  if (!revision) return null;
  const parts = revision.changes.map((c) => c.label).join(', ');
  return <Alert type="info" showIcon className={className} message={T.noticeTitle} description={T.notice(parts, formatDateTime(revision.submittedAt))} />;
}
