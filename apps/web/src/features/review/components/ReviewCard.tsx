import { Card, Tag, Typography } from 'antd';
import { categoryLabel, type ReviewItem, REVIEW_TEXT as T } from '@eo/contract';
import { formatDateTime, formatLongDate } from '../../../lib/dates';
import { CardActions, type DecisionProps } from './CardActions';

interface Props extends DecisionProps {
  item: ReviewItem;
}

/** One event waiting: what it is, who sent it, and the two decisions. Everything typed is text. */
export function ReviewCard({ item, ...decisions }: Props) {
  const name = item.name || '-';
  return (
    <Card size="small" className="review-card">
      <div className="review-card-top">
        {item.type && <Tag className="review-tag">{categoryLabel(item.type)}</Tag>}
        <Tag className="review-tag">{item.isPaidEvent ? T.paid : T.free}</Tag>
      </div>
      <Typography.Title level={2} className="review-card-name">{name}</Typography.Title>
      <dl className="review-meta">
        <div><dt>{T.organizer}</dt><dd>{item.organizerName || '-'}</dd></div>
        <div><dt>{T.account}</dt><dd>{item.email}</dd></div>
        <div><dt>{T.waitingSince}</dt><dd>{formatDateTime(item.updatedAt)}</dd></div>
        <div><dt>{T.firstDate}</dt><dd>{item.firstEventAt ? formatLongDate(item.firstEventAt) : '-'}</dd></div>
      </dl>
      <CardActions id={item.id} name={name} approve={T.approve} reject={T.reject} {...decisions} />
    </Card>
  );
}
