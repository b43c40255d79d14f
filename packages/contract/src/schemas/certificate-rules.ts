import { z } from 'zod';
import { CERT_RULES_MSG } from '../messages-certificate-rules.js';
import { envelope, resultEnvelope } from './common.js';

export const CERT_RULE_LIMITS = { maxMinSessions: 50 } as const;

/**
 * Who an `eligible` certificate goes to: confirmed registrants of its event who meet every rule
 * given (at least one). `minSessions`: sessions attended (1–50). `minSessionShare`: the share of
 * the event's sessions attended, as a fraction in (0, 1] (0.6 = 60%; the form asks in percent),
 * rounded up to whole sessions (0.6 of 5 sessions = 3). `evaluationRequired`: the evaluation
 * form answered. Both session rules need an event with sessions.
 */
export const certificateRulesSchema = z.strictObject({
  minSessions: z.number({ error: CERT_RULES_MSG.minSessionsRange }).int(CERT_RULES_MSG.minSessionsRange)
    .min(1, CERT_RULES_MSG.minSessionsRange).max(CERT_RULE_LIMITS.maxMinSessions, CERT_RULES_MSG.minSessionsRange).optional(),
  minSessionShare: z.number({ error: CERT_RULES_MSG.minSessionShareRange }).gt(0, CERT_RULES_MSG.minSessionShareRange)
    .max(1, CERT_RULES_MSG.minSessionShareRange).optional(),
  evaluationRequired: z.boolean().optional(),
}).refine((r) => r.minSessions !== undefined || r.minSessionShare !== undefined || r.evaluationRequired === true, { message: CERT_RULES_MSG.missingRules });
export type CertificateRules = z.infer<typeof certificateRulesSchema>;

/** Whether the rules ask for attendance per session (and so need an event with sessions). */
export const rulesNeedSessions = (r: CertificateRules) => r.minSessions !== undefined || r.minSessionShare !== undefined;

/**
 * Sessions a participant must attend under `rules` when the event has `sessionCount` sessions:
 * the larger of `minSessions` and the share rounded up (0 when no session rule). The API counts
 * the same in SQL on exact decimals; the small tolerance keeps 0.6 × 5 at 3 here too.
 */
export function sessionsNeeded(r: CertificateRules, sessionCount: number): number {
  const byShare = r.minSessionShare === undefined ? 0 : Math.ceil(r.minSessionShare * sessionCount - 1e-9);
  return Math.max(r.minSessions ?? 0, byShare);
}

/** The rules as the query string carries them: JSON of certificateRulesSchema. */
const rulesJson = z.string().max(500).transform((s, ctx) => {
  try {
    return JSON.parse(s) as unknown;
  } catch {
    ctx.addIssue({ code: 'custom', message: CERT_RULES_MSG.rulesNotJson });
    return z.NEVER;
  }
}).pipe(certificateRulesSchema);

/** `GET /v1/certificates/eligible-count?eventId=…&rules=<JSON>`. */
export const eligibleCountQuerySchema = z.object({ eventId: z.string().max(100), rules: rulesJson });
/** `{ data: { eligible } }`: confirmed registrants meeting the rules now. */
export const eligibleCountResponseSchema = envelope(z.object({ eligible: z.number().int() }));

export const PARTICIPANT_CERT_STATUSES = ['ready', 'not_yet'] as const;
export const PARTICIPANT_CERT_MISSING = ['evaluation', 'sessions'] as const;
export type ParticipantCertMissing = (typeof PARTICIPANT_CERT_MISSING)[number];

/**
 * One certificate of the ticket's event that applies to its holder: `ready` with the PDF's
 * address, or `not_yet` with what the holder still lacks (`sessionsNeeded`: how many sessions
 * the rules ask, for the text "hadir minimal N sesi"; 0 without a session rule).
 */
export const participantCertificateSchema = z.strictObject({
  certificateId: z.string(),
  name: z.string(),
  status: z.enum(PARTICIPANT_CERT_STATUSES),
  missing: z.array(z.enum(PARTICIPANT_CERT_MISSING)),
  sessionsNeeded: z.number().int(),
  downloadUrl: z.string().optional(),
});
export type ParticipantCertificate = z.infer<typeof participantCertificateSchema>;
export const participantCertificatesResponseSchema = resultEnvelope(z.array(participantCertificateSchema));
export const participantCertificatesParamsSchema = z.object({ ticketCode: z.string().max(100) });
export const participantCertificateFileParamsSchema = z.object({ ticketCode: z.string().max(100), certificateId: z.string().max(100) });

/** The PDF's address for the participant (`downloadUrl`). */
export const participantCertificatePath = (ticketCode: string, certificateId: string) =>
  `/v1/public/tickets/${encodeURIComponent(ticketCode)}/certificates/${encodeURIComponent(certificateId)}/pdf`;
