import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** A private stored file ready to send: its stream and what its headers say of it. */
export interface PrivateFile { stream: Readable; size: number; contentType: string; name: string }

/** A name safe inside `filename="…"`: letters, digits, `_`, `.` and `-` only, at most 150 characters. */
export const safeFileName = (name: string) => name.replace(/[^\w.-]/g, '_').slice(-150) || 'file';

/**
 * Sends a private file (an organization's upload): never cached by a shared cache, never
 * sniffed into another type; `inline` (images shown in the browser) or `attachment` (saved).
 */
export function sendPrivateFile(reply: FastifyReply, file: PrivateFile, disposition: 'inline' | 'attachment' = 'attachment') {
  return reply
    .header('content-type', file.contentType)
    .header('content-length', file.size)
    .header('content-disposition', `${disposition}; filename="${safeFileName(file.name)}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.stream);
}
