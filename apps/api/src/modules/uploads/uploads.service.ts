import { fill, pixelProblem, shapeProblem, UPLOAD_MSG, UPLOAD_RULES, type DocType, type UploadKind } from '@eo/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import { allows, organizationFor, Permission } from '../../lib/access.js';
import type { Caller } from '../../lib/caller.js';
import { DomainError, ERROR_CODE, invalid, notFound } from '../../lib/errors.js';
import type { FileStore } from '../../lib/storage/storage.js';
import type { PrivateFile } from '../../lib/send-file.js';
import {
  deleteAbandonedAnswerUploads, deleteUnnamedAnswerUpload, findUpload, insertUpload, markAnswerUploadsNamed, unnamedAnswerBytes,
} from './uploads.repository.js';
import { sniff } from './sniff.js';

const EXT = { png: 'png', jpeg: 'jpg', csv: 'csv', pdf: 'pdf' } as const;
const CONTENT_TYPE = { png: 'image/png', jpeg: 'image/jpeg', csv: 'text/csv; charset=utf-8', pdf: 'application/pdf' } as const;

export interface IncomingFile { data: Buffer; filename?: string; truncated: boolean }

/**
 * An answer upload no registration names this long after it was made is abandoned (the
 * participant gave up) and removed by the `upload.remove-abandoned-answers` job.
 */
export const ANSWER_UPLOAD_ABANDONED_MS = 24 * 60 * 60_000;
/**
 * A registration takes an answer upload only this long: an hour before it may be removed, so a
 * registration under way never names a file the cleanup is deleting.
 */
export const ANSWER_UPLOAD_USABLE_MS = ANSWER_UPLOAD_ABANDONED_MS - 60 * 60_000;
/** Abandoned uploads deleted per statement, and statements per run (the next run goes on). */
export const ABANDONED_BATCH = 200;
export const ABANDONED_BATCHES_PER_RUN = 25;

type UploadRow = NonNullable<Awaited<ReturnType<typeof findUpload>>>;

/** Checks a file against its docType's rule (spec sections 5 and 9) and stores it. */
export class UploadService {
  constructor(private readonly db: Db, private readonly storage: FileStore) {}

  async store(caller: Caller, docType: DocType, file: IncomingFile): Promise<string> {
    const { id, rule, rel } = await this.checkAndSave(docType, file, UPLOAD_RULES[docType].kinds, {
      organizationId: organizationFor(caller, 'events.write'), ownerId: caller.userId,
    });
    return rule.private ? `/v1/files/${id}` : `/files/${rel}`;
  }

  /**
   * A participant's answer file from the public pages: checked against
   * RegistrationAnswer's rule and the question's `kinds`, stored PRIVATE to the event's
   * organization. `ownerId` is the event's creator: uploads.owner_id must name a user, and the
   * anonymous participant is none; reading goes by the organization (privateFile), not the owner.
   */
  /** Bytes of answer files not yet named by a registration, sent since `since` by a sender or for an event. */
  unnamedAnswerBytes(by: { senderKey: string } | { eventId: string }, since: Date) {
    return unnamedAnswerBytes(this.db, by, since);
  }

  /** Answer files a registration just named: their sender's and event's caps no longer count them. */
  async markNamed(ids: string[], at = new Date()) {
    await markAnswerUploadsNamed(this.db, ids, at);
  }

  /** Takes back an answer file that no registration names (a cap passed while it was stored). */
  async discardUnnamed(id: string) {
    const path = await deleteUnnamedAnswerUpload(this.db, id);
    if (path) await this.storage.remove(path);
  }

  /** `sentFor`: the event and the sender's key of a file from the public pages (its caps count it). */
  async storeAnswerFile(organizationId: string, ownerId: string, kinds: UploadKind[], file: IncomingFile, sentFor?: { eventId: string; senderKey: string }): Promise<string> {
    return (await this.checkAndSave('RegistrationAnswer', file, kinds, { organizationId, ownerId, ...sentFor })).id;
  }

  /**
   * Kinds of an answer file stored for `organizationId`, young enough to be named by a
   * registration (ANSWER_UPLOAD_USABLE_MS), or null when it is none of theirs or too old.
   */
  async answerFile(organizationId: string, id: string, now = new Date()) {
    const row = await this.answerUpload(organizationId, id);
    if (!row || now.getTime() - row.createdAt.getTime() > ANSWER_UPLOAD_USABLE_MS) return null;
    return { id: row.id, contentType: row.contentType, name: row.originalName };
  }

  /**
   * An answer file of `organizationId` to send to an organizer, or null when it is none of theirs.
   * Whether the caller may see it (an answer of their event names it) is the caller's to check.
   */
  async openAnswerFile(organizationId: string, id: string): Promise<PrivateFile | null> {
    const row = await this.answerUpload(organizationId, id);
    return row ? this.open(row) : null;
  }

  private async answerUpload(organizationId: string, id: string) {
    const row = await findUpload(this.db, id);
    return row && row.docType === 'RegistrationAnswer' && row.organizationId === organizationId ? row : undefined;
  }

  /**
   * Deletes answer uploads older than ANSWER_UPLOAD_ABANDONED_MS that no registration names,
   * rows first (in batches), then their files; returns how many. Referenced and younger ones
   * are never touched. A file left behind by a crash between the two is an orphan on disk only.
   */
  async removeAbandonedAnswerFiles(now = new Date()): Promise<number> {
    const before = new Date(now.getTime() - ANSWER_UPLOAD_ABANDONED_MS);
    let removed = 0;
    for (let n = 0; n < ABANDONED_BATCHES_PER_RUN; n++) {
      const rows = await deleteAbandonedAnswerUploads(this.db, before, ABANDONED_BATCH);
      await Promise.all(rows.map((r) => this.storage.remove(r.path)));
      removed += rows.length;
      if (rows.length < ABANDONED_BATCH) break;
    }
    return removed;
  }

  private async checkAndSave(docType: DocType, file: IncomingFile, kinds: UploadKind[], owner: { organizationId: string; ownerId: string; eventId?: string; senderKey?: string }) {
    const rule = UPLOAD_RULES[docType];
    const tooBig = () => new DomainError(ERROR_CODE.fileTooLarge, fill(UPLOAD_MSG.tooBig, { n: rule.maxLabel }), { errors: [{ path: 'file', message: fill(UPLOAD_MSG.tooBig, { n: rule.maxLabel }) }] });
    if (file.truncated || file.data.length > rule.maxBytes) throw tooBig();
    const found = await sniff(file.data, rule.maxPixels);
    if (!found || !rule.kinds.includes(found.kind) || !kinds.includes(found.kind)) {
      throw new DomainError(ERROR_CODE.wrongFileType, UPLOAD_MSG.wrongType, { errors: [{ path: 'file', message: UPLOAD_MSG.wrongType }] });
    }
    if (found.width && found.height) {
      const problem = pixelProblem(rule, found.width, found.height) ?? shapeProblem(rule, found.width, found.height);
      if (problem) throw invalid(problem, [{ path: 'file', message: problem }]);
    }
    // Answer files go under `private/`, out of reach of the public `/files/YYYY/MM/name` route.
    const rel = await this.storage.save(file.data, EXT[found.kind], new Date(), { private: docType === 'RegistrationAnswer' });
    const id = await insertUpload(this.db, {
      ...owner, docType, path: rel, contentType: CONTENT_TYPE[found.kind],
      originalName: file.filename?.slice(0, 255) ?? null, size: file.data.length, width: found.width ?? null, height: found.height ?? null,
    });
    return { id, rule, rel };
  }

  /**
   * A stored upload's file for the server's own work (a publish job reading its CSV), or null.
   * Inside a transaction, pass it: an embedded database has one connection, held by the transaction.
   */
  async storedFile(id: string, db: DbOrTx = this.db) {
    const row = await findUpload(db, id);
    return row ? this.storage.open(row.path) : null;
  }

  /** A private file for its organization's members who may use it (or a globalAdmin); anyone else gets 404. */
  async privateFile(caller: Caller, id: string) {
    const row = await findUpload(this.db, id);
    if (!row || !UPLOAD_RULES[row.docType as DocType]?.private || !allows(caller, Permission.UploadRead, row.organizationId)) throw notFound();
    const file = await this.open(row);
    if (!file) throw notFound();
    return file;
  }

  /** The stored file of a row with its type and name (the original one, else `<doctype>.<ext>`), or null when missing. */
  private async open(row: UploadRow): Promise<PrivateFile | null> {
    const file = await this.storage.open(row.path);
    if (!file) return null;
    const ext = Object.entries(CONTENT_TYPE).find(([, type]) => type === row.contentType)?.[0] as keyof typeof EXT | undefined;
    return { ...file, contentType: row.contentType, name: row.originalName ?? `${row.docType.toLowerCase()}.${EXT[ext ?? 'csv']}` };
  }
}
