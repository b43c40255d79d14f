import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FILE_DOC_TYPES, IMAGE_DOC_TYPES, UPLOAD_MSG, UPLOADS, type DocType } from '@eo/contract';
import { invalid, notFound } from '../../lib/errors.js';
import type { FileStore } from '../../lib/storage/storage.js';
import { isUuid } from '../../lib/ids.js';
import { sendPrivateFile } from '../../lib/send-file.js';
import { callerOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import type { IncomingFile, UploadService } from './uploads.service.js';

const PUBLIC_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg' };

/** Reads the one file and the docType field of a multipart body, whatever their order. */
async function readMultipart(request: FastifyRequest, allowed: readonly DocType[]): Promise<{ docType: DocType; file: IncomingFile }> {
  if (!request.isMultipart()) throw invalid(UPLOAD_MSG.missingFile, [{ path: 'file', message: UPLOAD_MSG.missingFile }]);
  let file: IncomingFile | undefined;
  let docType: string | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      if (!file) file = { data, filename: part.filename, truncated: part.file.truncated };
    } else if (part.fieldname === 'docType') {
      docType = String(part.value);
    }
  }
  if (!docType || !allowed.includes(docType as DocType)) {
    const message = `docType must be one of ${allowed.join(', ')}`;
    throw invalid(message, [{ path: 'docType', message }]);
  }
  if (!file || file.data.length === 0) throw invalid(UPLOAD_MSG.missingFile, [{ path: 'file', message: UPLOAD_MSG.missingFile }]);
  return { docType: docType as DocType, file };
}

export function uploadsRoutes(app: FastifyInstance, uploads: UploadService, storage: FileStore) {
  route(app, UPLOADS.image, async (request) => {
    const { docType, file } = await readMultipart(request, IMAGE_DOC_TYPES);
    return { data: { url: await uploads.store(callerOf(request), docType, file) } };
  });

  route(app, UPLOADS.file, async (request) => {
    const { docType, file } = await readMultipart(request, FILE_DOC_TYPES);
    return { data: { url: await uploads.store(callerOf(request), docType, file) } };
  });

  // Private files (participant CSVs): their owner only.
  route(app, UPLOADS.privateFile, async (request, reply) => {
    if (!isUuid(request.params.id)) throw notFound();
    return sendPrivateFile(reply, await uploads.privateFile(callerOf(request), request.params.id));
  });

  // Public images (posters, logos, twibbons): generated names, images only, cached for good.
  // Streamed by the app from either store, never redirected to a signed bucket URL: the same
  // URL and the same headers (type, immutable caching, nosniff, CSP) whatever the store, the
  // bucket stays private and its host unexposed, and a cached image costs one request ever.
  route(app, UPLOADS.publicFile, async (request, reply) => {
    const { year, month, name } = request.params;
    const ext = name.split('.').pop() ?? '';
    const type = PUBLIC_TYPES[ext];
    const file = type ? await storage.open(`${year}/${month}/${name}`) : null;
    if (!file) throw notFound();
    return reply
      .header('content-type', type)
      .header('content-length', file.size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', "default-src 'none'")
      .send(file.stream);
  });
}
