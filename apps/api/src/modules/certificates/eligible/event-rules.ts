import { CERT_RULES_MSG, fill, rulesNeedSessions, type CertificateRules } from '@eo/contract';
import type { DbOrTx } from '../../../db/client.js';
import { invalidField } from '../../../lib/errors.js';
import { sessionCount } from './eligibility.repository.js';

/**
 * Refuses (400, on `path`) rules the event cannot meet: a session rule for an event without
 * sessions, or more sessions than it has.
 */
export async function checkRulesFitEvent(db: DbOrTx, eventId: string, rules: CertificateRules, path: string): Promise<void> {
  if (!rulesNeedSessions(rules)) return;
  const n = await sessionCount(db, eventId);
  if (n === 0) throw invalidField(CERT_RULES_MSG.noSessions, path);
  if (rules.minSessions !== undefined && rules.minSessions > n) {
    throw invalidField(fill(CERT_RULES_MSG.tooManySessions, { n, min: rules.minSessions }), `${path}.minSessions`);
  }
}
