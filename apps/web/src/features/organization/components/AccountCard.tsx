import type { ReactNode } from 'react';
import { Typography } from 'antd';
import '../account.css';

/** The frame of the pages reached from a mail or before sign-in (reset, invitation): a card centred on the login's backdrop. */
export function AccountCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <main className="account-page">
      <div className="account-card">
        <div className="account-brand" aria-hidden>EO</div>
        <Typography.Title level={1} className="account-title">{title}</Typography.Title>
        {subtitle && <Typography.Paragraph type="secondary">{subtitle}</Typography.Paragraph>}
        {children}
      </div>
    </main>
  );
}
