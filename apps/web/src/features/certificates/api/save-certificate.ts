import { SAVE_TIMEOUT_MS, type Certificate, type CertificatePayload } from '@eo/contract';
import { apiRequest } from '../../../lib/api-client';

/** New certificates are created, existing ones updated (spec section 4); 5000 ms each (spec section 7). */
export async function saveCertificate(payload: CertificatePayload, id?: string): Promise<Certificate> {
  const res = await apiRequest<{ data: { result: Certificate } }>(id ? `/v1/certificates/${encodeURIComponent(id)}` : '/v1/certificates', {
    method: id ? 'PUT' : 'POST', body: payload, signal: AbortSignal.timeout(SAVE_TIMEOUT_MS),
  });
  return res.data.result;
}
