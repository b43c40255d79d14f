import { z } from 'zod';
import { endpoint, fileAnswer } from '../endpoint.js';
import { envelope } from '../schemas/common.js';

const tags = ['uploads'] as const;
/** `multipart/form-data`: one `file` and its `docType`. */
const multipart = ['multipart/form-data'] as const;
export const uploadResponseSchema = envelope(z.object({ url: z.string() }));

/** API.md uploads: images (public, generated names) and files (private to their owner). */
export const UPLOADS = {
  image: endpoint({ action: 'events.write', method: 'POST', path: '/v1/upload/image', tags, consumes: multipart, status: 201, response: uploadResponseSchema }),
  file: endpoint({ action: 'events.write', method: 'POST', path: '/v1/upload', tags, consumes: multipart, status: 201, response: uploadResponseSchema }),
  /** A private file (participant CSVs): its owner only. */
  privateFile: endpoint({ action: 'certificates',
    method: 'GET', path: '/v1/files/:id', tags, params: z.object({ id: z.string().max(100) }), status: 200, response: fileAnswer('The stored file'), answer: 'file',
  }),
  /** Public images (posters, logos, twibbons), cached for good. */
  publicFile: endpoint({
    method: 'GET', path: '/files/:year/:month/:name', tags, access: 'public', hide: true, params: z.object({ year: z.string(), month: z.string(), name: z.string() }),
    status: 200, response: fileAnswer('A PNG or JPEG image'), answer: 'file', produces: ['image/png', 'image/jpeg'],
  }),
};
