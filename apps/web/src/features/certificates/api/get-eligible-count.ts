import { useQuery } from '@tanstack/react-query';
import { CERTIFICATES, certificateRulesSchema, type CertificateRules } from '@eo/contract';
import { call } from '../../../lib/api-call';

/** How many of the event's participants meet the rules now. */
export async function getEligibleCount(eventId: string, rules: CertificateRules, signal?: AbortSignal): Promise<number> {
  return (await call(CERTIFICATES.eligibleCount, { query: { eventId, rules: JSON.stringify(rules) } }, { signal })).data.eligible;
}

/**
 * Asked whenever the event or the rules change, once the rules pass the contract's check (idle
 * before: the field's own message says why). Attendance goes on, so never cached long.
 */
export const useEligibleCount = (eventId: string | undefined, rules: CertificateRules | null) => {
  const valid = rules !== null && certificateRulesSchema.safeParse(rules).success;
  return useQuery({
    queryKey: ['certificates', 'eligible-count', eventId ?? null, valid ? JSON.stringify(rules) : null],
    queryFn: ({ signal }) => getEligibleCount(eventId!, rules!, signal),
    enabled: Boolean(eventId) && valid,
  });
};
