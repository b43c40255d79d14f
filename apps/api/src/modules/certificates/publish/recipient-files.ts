import type { Readable } from 'node:stream';
import type { DbOrTx } from '../../../db/client.js';
import type { FileStore } from '../../../lib/storage/storage.js';
import { findRecipientBySerial } from './publish.repository.js';

/** A serial as a file name: the organizer's prefix may hold any character. */
export const serialFileName = (serial: string) => serial.replace(/[^A-Za-z0-9_.-]/g, '_').replace(/^\./, '_').slice(0, 180);

/** The folder of one batch's files under the storage root. */
export const recipientFolder = (certificateId: string) => `certificates/${certificateId}`;

/**
 * Where a recipient's files live under the storage root. Deterministic, so a job that runs
 * again finds what an earlier run wrote; serials of one batch differ in their digits, so the
 * names never collide.
 */
export function recipientFilePaths(certificateId: string, serial: string) {
  const base = `${recipientFolder(certificateId)}/${serialFileName(serial)}`;
  return { png: `${base}.png`, pdf: `${base}.pdf` };
}

const TYPES = { png: 'image/png', pdf: 'application/pdf' } as const;

/**
 * A rendered certificate file by serial, for a route to stream. Returns the batch's
 * `organizationId`: the caller checks access (a member who may, or an admin) before sending anything.
 * Null when there is no such serial or it is not rendered yet.
 */
export async function openRecipientFile(db: DbOrTx, storage: FileStore, serial: string, kind: 'png' | 'pdf'): Promise<{
  stream: Readable; size: number; contentType: string; fileName: string; certificateId: string; organizationId: string;
} | null> {
  const r = await findRecipientBySerial(db, serial);
  const rel = kind === 'png' ? r?.pngPath : r?.pdfPath;
  if (!r || !rel) return null;
  const file = await storage.openAt(rel);
  if (!file) return null;
  return { ...file, contentType: TYPES[kind], fileName: `Sertifikat-${serialFileName(r.serial)}.${kind}`, certificateId: r.certificateId, organizationId: r.organizationId };
}
