import { timingSafeEqual } from 'node:crypto';
import type { CertificateVerification } from '@eo/contract';
import type { Db } from '../../db/client.js';
import { findIssued } from './certificates.repository.js';

/** Constant-time; byte lengths compared first (timingSafeEqual throws on a mismatch, e.g. `é` against `e`). */
function sameToken(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The public check of an issued certificate (`/v1/certificates/verify`, the verify page). */
export class CertificateVerifyService {
  constructor(private readonly db: Db) {}

  /**
   * Only a certificate that was actually issued (rendered) can be verified; its details only
   * with its token, since serials are sequential and would list every co-recipient's name.
   */
  async verify(serial: string, token: string | undefined): Promise<CertificateVerification | null> {
    const found = await findIssued(this.db, serial);
    if (!found?.renderedAt) return null;
    if (!(token && sameToken(token, found.verifyToken))) return { serial: found.serial, withToken: false };
    return {
      serial: found.serial, withToken: true, recipientName: found.name, eventName: found.eventName ?? '',
      eventDate: found.eventDate?.toISOString() ?? null, issuedAt: (found.mailedAt ?? found.renderedAt).toISOString(),
    };
  }
}
