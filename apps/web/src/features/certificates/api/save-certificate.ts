import { CERTIFICATES, SAVE_TIMEOUT_MS, type Certificate, type CertificatePayload } from '@eo/contract';
import { call } from '../../../lib/api-call';

/** New certificates are created, existing ones updated (spec section 4); 5000 ms each (spec section 7). */
export async function saveCertificate(payload: CertificatePayload, id?: string): Promise<Certificate> {
  const signal = AbortSignal.timeout(SAVE_TIMEOUT_MS);
  const res = id
    ? await call(CERTIFICATES.update, { params: { id }, body: payload }, { signal })
    : await call(CERTIFICATES.create, { body: payload }, { signal });
  return res.data.result;
}
