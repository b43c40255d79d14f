import { createHash, randomBytes } from 'node:crypto';
import { ORG_MSG, PASSWORD_RESET_TTL_MINUTES, type Organization } from '@eo/contract';
import type { Db } from '../../db/client.js';
import { organizationsOf } from '../../lib/access.repository.js';
import type { Caller } from '../../lib/caller.js';
import { DomainError, ERROR_CODE, invalid, invalidField } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mailer.js';
import { hashPassword, type AuthService } from '../auth/auth.service.js';
import * as repo from './account.repository.js';
import { resetMail } from './reset-mail.js';

const MINUTE = 60_000;
/** Reset mails one account gets in an hour at most; past it a request is answered the same and mails nothing. */
export const RESET_MAILS_PER_HOUR = 5;
/** Counted against when the email is unknown, so both paths run the same queries. */
const NO_USER = '00000000-0000-0000-0000-000000000000';

export const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface AccountLog { error(obj: object, msg: string): void }
export interface AccountSettings { publicUrl: string }

/** The signed-in user's profile, and their password: forgotten (a mailed link), reset, changed. */
export class AccountService {
  /** Reset mails on their way (sent after the answer); `settle` waits for them. */
  private readonly sending = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly auth: AuthService,
    private readonly mailer: Mailer,
    private readonly settings: AccountSettings,
    private readonly log: AccountLog,
  ) {}

  async profile(caller: Caller): Promise<{ userId: string; email: string; name: string; organizations: Organization[] }> {
    return { userId: caller.userId, email: caller.email, name: caller.name, organizations: await organizationsOf(this.db, caller.userId) };
  }

  /**
   * `POST /v1/password/forgot`: whether or not the email has an account the caller learns
   * nothing (same answer, same queries; the mail leaves after the answer, so its time does not
   * tell either). A known account gets a one-hour, single-use link, at most
   * RESET_MAILS_PER_HOUR an hour; past that, nothing more is mailed. A mail that cannot be
   * sent is logged.
   */
  async forgotPassword(email: string, now = new Date()): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    const tokenHash = hashResetToken(token);
    const user = await repo.findUserByEmail(this.db, email);
    const mailTo = await this.db.transaction(async (tx) => {
      await repo.lockUser(tx, user?.id ?? NO_USER);
      const recent = await repo.resetsSince(tx, user?.id ?? NO_USER, new Date(now.getTime() - 60 * MINUTE));
      if (!user || recent >= RESET_MAILS_PER_HOUR) return undefined;
      await repo.insertReset(tx, { tokenHash, userId: user.id, expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MINUTES * MINUTE), createdAt: now });
      return user.email;
    });
    if (!mailTo) return;
    const sent = this.mailer.send(resetMail(mailTo, `${this.settings.publicUrl}/reset-password/${token}`))
      .then(() => undefined, (err: unknown) => this.log.error({ err, to: mailTo }, 'password reset mail failed'))
      .finally(() => this.sending.delete(sent));
    this.sending.add(sent);
  }

  /** Waits for the reset mails still on their way (shutdown, tests). */
  async settle(): Promise<void> {
    while (this.sending.size) await Promise.all([...this.sending]);
  }

  /** `GET /v1/password/reset/:token`: until when the link works; a used, expired or unknown one is 410. */
  async resetLink(token: string, now = new Date()): Promise<{ expiresAt: string }> {
    const row = await repo.findReset(this.db, hashResetToken(token));
    if (!row || row.usedAt || row.expiresAt <= now) throw new DomainError(ERROR_CODE.resetLinkExpired, ORG_MSG.resetExpired);
    return { expiresAt: row.expiresAt.toISOString() };
  }

  /**
   * `POST /v1/password/reset`: a link works once, within its hour. The new password is set, every
   * open link of the account closed, every session signed out (this process forgets them at
   * once) and the account's sign-in failures forgotten.
   */
  async resetPassword(token: string, password: string, now = new Date()): Promise<void> {
    // Hashed before the row lock, so the lock is held for milliseconds (and a wrong link costs the same).
    const passwordHash = await hashPassword(password);
    const user = await this.db.transaction(async (tx) => {
      const row = await repo.lockReset(tx, hashResetToken(token));
      if (!row || row.usedAt || row.expiresAt <= now) return undefined;
      await repo.setPasswordHash(tx, row.userId, passwordHash);
      await repo.closeResets(tx, row.userId, now);
      await this.auth.revokeUserSessions(tx, row.userId, { reason: 'password reset', now });
      return { id: row.userId, email: await repo.emailOf(tx, row.userId) };
    });
    if (!user) throw invalid(ORG_MSG.resetExpired);
    this.auth.forgetUser(user.id);
    if (user.email) await this.auth.forgiveLoginFailures(user.email);
  }

  /**
   * `POST /v1/password/change`: the current password is checked (counted by the sign-in
   * throttle), the new one must differ; every other session of the user is signed out, the
   * caller's own stays.
   */
  async changePassword(caller: Caller, currentPassword: string, newPassword: string, now = new Date()): Promise<void> {
    const ok = await this.auth.confirmPassword(caller, currentPassword, caller.origin?.ip ?? 'unknown', now);
    if (!ok) throw invalidField(ORG_MSG.currentPasswordWrong, 'currentPassword');
    if (newPassword === currentPassword) throw invalidField(ORG_MSG.passwordSame, 'newPassword');
    const passwordHash = await hashPassword(newPassword);
    await this.db.transaction(async (tx) => {
      await repo.setPasswordHash(tx, caller.userId, passwordHash);
      await repo.closeResets(tx, caller.userId, now);
      await this.auth.revokeUserSessions(tx, caller.userId, { reason: 'password changed', now, except: caller.sessionId });
    });
    this.auth.forgetUser(caller.userId, caller.sessionId);
  }
}
