import { useState, type FormEvent } from 'react';
import { App, Button, Input } from 'antd';
import { EVENT_MSG, fill, MEMBERS_TEXT, ORG_MSG, type OrgRole } from '@eo/contract';
import { RoleSelect, rolesManagedBy } from './RoleSelect';

interface Props {
  actor: OrgRole | undefined;
  busy: boolean;
  invite: (v: { email: string; role: OrgRole }) => Promise<unknown>;
}

/** What the API accepts as an email, roughly: the server checks it again. */
const looksLikeEmail = (v: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v);

/**
 * Email and role of a new member; the invitation mail carries a link valid for 7 days. Plain
 * inputs rather than antd's Form, which would put this page over its first-load budget.
 */
export function InviteForm({ actor, busy, invite }: Props) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<OrgRole>(rolesManagedBy(actor).includes('staff') ? 'staff' : rolesManagedBy(actor)[0]);
  const [error, setError] = useState<string>();
  const { message } = App.useApp();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const value = email.trim();
    const problem = !value ? MEMBERS_TEXT.emailRequired : looksLikeEmail(value) ? undefined : fill(EVENT_MSG.emailInvalid, { email: value });
    setError(problem);
    if (problem) return;
    try {
      await invite({ email: value, role });
    } catch {
      return; // the page shows the refusal
    }
    setEmail('');
    void message.success(fill(ORG_MSG.invited, { email: value }));
  };

  return (
    <form className="org-invite-form" noValidate onSubmit={onSubmit} aria-label={MEMBERS_TEXT.inviteTitle}>
      <div className="org-invite-email">
        <Input
          type="email" value={email} placeholder={MEMBERS_TEXT.emailPlaceholder} aria-label={MEMBERS_TEXT.email} disabled={busy}
          status={error ? 'error' : undefined} aria-invalid={error ? true : undefined} aria-describedby={error ? 'invite-email-error' : undefined}
          onChange={(e) => setEmail(e.target.value)}
        />
        {error && <div id="invite-email-error" role="alert" className="org-field-error">{error}</div>}
      </div>
      <RoleSelect actor={actor} value={role} onChange={setRole} aria-label={MEMBERS_TEXT.role} className="org-invite-role" disabled={busy} />
      <Button type="primary" htmlType="submit" loading={busy}>{MEMBERS_TEXT.invite}</Button>
    </form>
  );
}
