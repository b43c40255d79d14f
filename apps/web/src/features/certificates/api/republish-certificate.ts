import { CERTIFICATES, SAVE_TIMEOUT_MS, type Certificate } from '@eo/contract';
import { call } from '../../../lib/api-call';

/** A published certificate for attendees, sent to those checked in since; 5000 ms like the saves. */
export async function republishCertificate(id: string): Promise<Certificate> {
  return (await call(CERTIFICATES.republish, { params: { id } }, { signal: AbortSignal.timeout(SAVE_TIMEOUT_MS) })).data.result;
}
