import { Card, Typography } from 'antd';
import { REVIEW_TEXT, REVISION_TEXT as T, type RevisionItem } from '@eo/contract';
import { formatDateTime } from '../../../lib/dates';
import { CardActions, type DecisionProps } from './CardActions';

interface Props extends DecisionProps {
  item: RevisionItem;
}

/** One waiting revision: each changed part before and after, as text (links stay unclickable), and the two decisions. */
export function RevisionCard({ item, ...decisions }: Props) {
  const name = item.name || '-';
  return (
    <Card size="small" className="review-card">
      <Typography.Title level={2} className="review-card-name">{name}</Typography.Title>
      <dl className="review-meta">
        <div><dt>{REVIEW_TEXT.organizer}</dt><dd>{item.organizerName || '-'}</dd></div>
        <div><dt>{REVIEW_TEXT.account}</dt><dd>{item.email}</dd></div>
        <div><dt>{T.submittedAt}</dt><dd>{formatDateTime(item.submittedAt)}</dd></div>
      </dl>
      <ul className="revision-changes">
        {item.changes.map((c) => (
          <li key={c.label}>
            <Typography.Text strong>{c.label}</Typography.Text>
            <div className="revision-diff">
              <div><span className="revision-side">{T.before}</span><pre className="revision-text">{c.before || T.empty}</pre></div>
              <div><span className="revision-side">{T.after}</span><pre className="revision-text revision-after">{c.after || T.empty}</pre></div>
            </div>
          </li>
        ))}
      </ul>
      <CardActions id={item.id} name={name} approve={T.approve} reject={T.reject} {...decisions} />
    </Card>
  );
}
