import { fill, pixelProblem, shapeProblem, UPLOAD_MSG, UPLOAD_RULES, type DocType } from '@eo/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import { allows, Permission } from '../../lib/access.js';
import type { Caller } from '../../lib/caller.js';
import { DomainError, ERROR_CODE, invalid, notFound } from '../../lib/errors.js';
import type { FileStorage } from '../../lib/file-storage.js';
import { findUpload, insertUpload } from './uploads.repository.js';
import { sniff } from './sniff.js';

const EXT = { png: 'png', jpeg: 'jpg', csv: 'csv' } as const;
const CONTENT_TYPE = { png: 'image/png', jpeg: 'image/jpeg', csv: 'text/csv; charset=utf-8' } as const;

export interface IncomingFile { data: Buffer; filename?: string; truncated: boolean }

/** Checks a file against its docType's rule (spec sections 5 and 9) and stores it. */
export class UploadService {
  constructor(private readonly db: Db, private readonly storage: FileStorage) {}

  async store(caller: Caller, docType: DocType, file: IncomingFile): Promise<string> {
    const rule = UPLOAD_RULES[docType];
    const tooBig = () => new DomainError(ERROR_CODE.fileTooLarge, fill(UPLOAD_MSG.tooBig, { n: rule.maxLabel }), { errors: [{ path: 'file', message: fill(UPLOAD_MSG.tooBig, { n: rule.maxLabel }) }] });
    if (file.truncated || file.data.length > rule.maxBytes) throw tooBig();
    const found = await sniff(file.data, rule.maxPixels);
    if (!found || !rule.kinds.includes(found.kind)) {
      throw new DomainError(ERROR_CODE.wrongFileType, UPLOAD_MSG.wrongType, { errors: [{ path: 'file', message: UPLOAD_MSG.wrongType }] });
    }
    if (found.width && found.height) {
      const problem = pixelProblem(rule, found.width, found.height) ?? shapeProblem(rule, found.width, found.height);
      if (problem) throw invalid(problem, [{ path: 'file', message: problem }]);
    }
    const rel = await this.storage.save(file.data, EXT[found.kind]);
    const id = await insertUpload(this.db, {
      ownerId: caller.userId, docType, path: rel, contentType: CONTENT_TYPE[found.kind],
      originalName: file.filename?.slice(0, 255) ?? null, size: file.data.length, width: found.width ?? null, height: found.height ?? null,
    });
    return rule.private ? `/v1/files/${id}` : `/files/${rel}`;
  }

  /**
   * A stored upload's file for the server's own work (a publish job reading its CSV), or null.
   * Inside a transaction, pass it: an embedded database has one connection, held by the transaction.
   */
  async storedFile(id: string, db: DbOrTx = this.db) {
    const row = await findUpload(db, id);
    return row ? this.storage.open(row.path) : null;
  }

  /** A private file for its owner (or a globalAdmin); anyone else gets 404. */
  async privateFile(caller: Caller, id: string) {
    const row = await findUpload(this.db, id);
    if (!row || !UPLOAD_RULES[row.docType as DocType]?.private || !allows(caller, Permission.UploadRead, row.ownerId)) throw notFound();
    const file = await this.storage.open(row.path);
    if (!file) throw notFound();
    return { ...file, contentType: row.contentType, name: row.originalName ?? `${row.docType.toLowerCase()}.csv` };
  }
}
