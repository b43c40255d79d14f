import { Button, Card, Tag, Typography } from 'antd';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { categoryLabel, type ReviewItem, REVIEW_TEXT as T } from '@eo/contract';
import { formatDateTime, formatLongDate } from '../../../lib/dates';

interface Props {
  item: ReviewItem;
  busy: boolean;
  onApprove: () => void;
  onReject: () => void;
}

/** One event waiting: what it is, who sent it, and the two decisions. Everything typed is text. */
export function ReviewCard({ item, busy, onApprove, onReject }: Props) {
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
      <div className="review-actions">
        <Link to={`/event/active/overview/${item.id}`} aria-label={`${T.view}: ${name}`}>{T.view}</Link>
        <span className="review-buttons">
          <Button danger icon={<CloseOutlined />} disabled={busy} onClick={onReject} aria-label={`${T.reject} ${name}`}>{T.reject}</Button>
          <Button type="primary" icon={<CheckOutlined />} disabled={busy} onClick={onApprove} aria-label={`${T.approve} ${name}`}>{T.approve}</Button>
        </span>
      </div>
    </Card>
  );
}
