import type { ReactNode } from 'react';
import { Card, Skeleton, Typography } from 'antd';
import { RightOutlined } from '@ant-design/icons';
import { Link } from 'react-router';

interface Props {
  title: string;
  value: string | undefined;
  icon: ReactNode;
  color: string;
  to?: string;
  linkText?: string;
  loading: boolean;
}

/** One overview number; the whole card is the link when it has one. */
export function StatCard({ title, value, icon, color, to, linkText, loading }: Props) {
  const body = (
    <Card className="stat-card" hoverable={Boolean(to)} variant="borderless">
      <div className="stat-card-head">
        <span className="stat-card-icon" style={{ background: `${color}1a`, color }} aria-hidden>{icon}</span>
        <Typography.Text className="stat-card-title">{title}</Typography.Text>
      </div>
      {loading ? (
        <Skeleton.Input active size="small" />
      ) : (
        <div className="stat-card-value" data-testid={`stat-${title}`}>{value}</div>
      )}
      {to && linkText && (
        <span className="stat-card-link">
          {linkText} <RightOutlined />
        </span>
      )}
    </Card>
  );
  return to ? (
    // The link is named by what it shows (title, number, link text): an aria-label that says less
    // than the visible text fails WCAG 2.5.3 (label in name).
    <Link to={to} className="stat-card-anchor">{body}</Link>
  ) : (
    <section aria-label={title}>{body}</section>
  );
}
