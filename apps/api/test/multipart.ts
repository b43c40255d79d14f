import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { PROOF_OF_WORK } from '@eo/contract';
import { call } from './harness.js';
import { solvedAltcha } from './proof-of-work.js';

/** A multipart/form-data body for `app.inject`, with the file part where the caller puts it. */
export function multipartBody(parts: ({ name: string; value: string } | { name: string; filename: string; contentType: string; data: Buffer })[]) {
  const boundary = `----eo${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('data' in p) {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.contentType}\r\n\r\n`));
      chunks.push(p.data, Buffer.from('\r\n'));
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function image(width: number, height: number, format: 'png' | 'jpeg' = 'png') {
  return sharp({ create: { width, height, channels: 3, background: { r: 91, g: 60, b: 196 } } })[format]().toBuffer();
}

export const file = (data: Buffer, filename: string, contentType = 'application/octet-stream') =>
  ({ name: 'file', filename, contentType, data });

/** The smallest PDF the upload sniffer takes. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/**
 * A participant's answer upload on the public pages (`POST /v1/public/events/:eventId/uploads`), as
 * sent, with a freshly solved challenge in `X-Altcha` (`altcha: null` sends none); the answer as received.
 */
export async function publicUpload(app: FastifyInstance, eventId: string, questionId: string, part: ReturnType<typeof file>, altcha?: string | null) {
  const { payload, headers } = multipartBody([{ name: 'questionId', value: questionId }, part]);
  const solved = altcha === undefined ? await solvedAltcha(app) : altcha;
  return call(app, {
    method: 'POST', url: `/v1/public/events/${eventId}/uploads`, payload, remoteAddress: '198.51.100.2',
    headers: { ...headers, ...(solved === null ? {} : { [PROOF_OF_WORK.header]: solved }) },
  });
}
