import { Button } from 'antd';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { REVIEW_TEXT } from '@eo/contract';

export interface DecisionProps {
  busy: boolean;
  onApprove: () => void;
  onReject: () => void;
}

/** A queue card's foot: the event's overview, and the two decisions named with the event. */
export function CardActions({ id, name, approve, reject, busy, onApprove, onReject }: DecisionProps & { id: string; name: string; approve: string; reject: string }) {
  return (
    <div className="review-actions">
      <Link to={`/event/active/overview/${id}`} aria-label={`${REVIEW_TEXT.view}: ${name}`}>{REVIEW_TEXT.view}</Link>
      <span className="review-buttons">
        <Button danger icon={<CloseOutlined />} disabled={busy} onClick={onReject} aria-label={`${reject} ${name}`}>{reject}</Button>
        <Button type="primary" icon={<CheckOutlined />} disabled={busy} onClick={onApprove} aria-label={`${approve} ${name}`}>{approve}</Button>
      </span>
    </div>
  );
}
