import {
  CHECKIN_MSG, endpointPath, PARTICIPANT_TEXT, PARTICIPANTS, TRACKING_LINK_TEXT, type AnswerFile, type RegistrantExportQuery, type RegistrantList, type RegistrantListQuery, type RegistrantQuestion,
} from '@eo/contract';
import type { Db } from '../../db/client.js';
import { Permission, requireEvent } from '../../lib/access.js';
import { recordAudit } from '../../lib/audit.js';
import type { Caller } from '../../lib/caller.js';
import { notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import type { UploadService } from '../uploads/uploads.service.js';
import { fileSlug, keysetBatches, wibDateTime, type Cell, type TableExport } from '../../lib/table-export.js';
import { eventQuestions, isAnswerFileOf, registrantBatch, registrantPage } from './participants.repository.js';
import { cursorFor, nextCursor } from '../../lib/keyset.js';
import { paged } from '../../lib/paging.js';

type BatchRow = Awaited<ReturnType<typeof registrantBatch>>[number];

/** Rows per database round trip of an export: big enough to be quick, small enough to stay flat. */
export const EXPORT_BATCH = 1000;

/** The files an image or file answer names (`{ fileId, name }`, or a list of them); none for other answers. */
export function answerFiles(value: unknown): AnswerFile[] {
  if (Array.isArray(value)) return value.flatMap(answerFiles);
  if (value === null || typeof value !== 'object') return [];
  const o = value as Record<string, unknown>;
  return typeof o.fileId === 'string' ? [{ fileId: o.fileId, name: typeof o.name === 'string' ? o.name : null }] : [];
}

/** Where an organizer opens an answer file of the event (PARTICIPANTS.answerFile). */
export const answerFilePath = (eventId: string, fileId: string) => endpointPath(PARTICIPANTS.answerFile.path, { id: eventId, fileId });

/**
 * An answer as a table shows it: text as given, chosen checkbox options joined with ', ',
 * uploaded files by `fileText` (the screen shows names, a download the files' addresses).
 */
export function answerText(value: unknown, fileText: (file: AnswerFile) => string = (f) => f.name ?? f.fileId): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map((v) => answerText(v, fileText)).filter(Boolean).join(', ');
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    const [file] = answerFiles(o);
    return file ? fileText(file) : answerText(o.url ?? o.value ?? o.name ?? JSON.stringify(value), fileText);
  }
  return String(value);
}

/** The questions a registrant of `ticketId` was asked: the general ones and their ticket's. */
const askedOf = (questions: RegistrantQuestion[], ticketId: string) =>
  questions.filter((q) => q.ticketId === null || q.ticketId === ticketId);

/** The Participant tab: Data Partisipan and its downloads, of an event the caller may see (else 404). */
export class ParticipantsService {
  constructor(private readonly db: Db, private readonly uploads: UploadService) {}

  /** A page of Data Partisipan. */
  async list(caller: Caller, q: RegistrantListQuery): Promise<RegistrantList> {
    const event = await requireEvent(this.db, caller, Permission.EventRead, q.eventId);
    return listRegistrants(this.db, event.id, q);
  }

  export(caller: Caller, q: RegistrantExportQuery) {
    return registrantExport(this.db, caller, q);
  }

  /**
   * A file a registrant of the event uploaded as an answer, for whoever may read the event's
   * participants; 404 unless it is an answer upload of the event's organization that an answer
   * of this event's registrants names.
   */
  async answerFile(caller: Caller, eventId: string, fileId: string) {
    const event = await requireEvent(this.db, caller, Permission.EventRead, eventId);
    if (!isUuid(fileId) || !(await isAnswerFileOf(this.db, event.id, fileId))) throw notFound();
    const file = await this.uploads.openAnswerFile(event.organizationId, fileId);
    if (!file) throw notFound();
    return file;
  }
}

async function listRegistrants(db: Db, eventId: string, q: RegistrantListQuery): Promise<RegistrantList> {
  const after = cursorFor(q.after, q);
  const page = await registrantPage(db, eventId, q, after);
  const { questions } = page;
  const docs = page.rows.map((r) => ({
    id: r.id,
    createdAt: r.createdAt,
    name: r.name,
    email: r.email,
    phoneNumber: r.phoneNumber,
    ticketId: r.ticketId,
    ticketType: r.ticketName,
    status: r.status,
    userRegisteredStep: askedOf(questions, r.ticketId).map((question) => {
      const value = r.answers?.[question.id];
      const files = answerFiles(value);
      return { questionId: question.id, stepDetail: question.name, result: answerText(value), ...(files.length ? { files } : {}) };
    }),
    checkedInAt: r.checkedInAt,
    checkedInBy: r.checkedInBy,
  }));
  return { ...paged(docs, q, page.total), nextCursor: nextCursor(page.rows, q.limit, q), questions };
}

/** Data Partisipan as a file: fixed columns, then one per question (empty where not asked). */
async function registrantExport(db: Db, caller: Caller, q: RegistrantExportQuery): Promise<TableExport> {
  const event = await requireEvent(db, caller, Permission.EventRead, q.eventId);
  // Recorded as the download starts: personal data left the dashboard (the event's organization's log).
  await recordAudit(db, caller, {
    action: 'export.downloaded', organizationId: event.organizationId, targetType: 'event', targetId: event.id, summary: event.name ?? undefined,
    detail: { table: 'participants', format: q.format, eventId: event.id },
  });
  const questions = await eventQuestions(db, event.id);
  async function* rows(): AsyncGenerator<Cell[]> {
    const batches = keysetBatches<BatchRow>(
      (last) => registrantBatch(db, event.id, q.filters, last && { at: last.cursor, id: last.id }, EXPORT_BATCH),
      EXPORT_BATCH,
    );
    let n = 0;
    for await (const batch of batches) {
      for (const r of batch) {
        yield [
          ++n, wibDateTime(r.createdAt), r.name, r.email, r.phoneNumber, r.ticketName, PARTICIPANT_TEXT.statuses[r.status],
          ...questions.map((question) => answerText(r.answers?.[question.id], (f) => answerFilePath(event.id, f.fileId))),
          r.checkedInAt ? wibDateTime(r.checkedInAt) : '', r.checkedInBy ?? '', r.ref ?? '',
        ];
      }
    }
  }
  return {
    basename: `participants-${fileSlug(event.name)}`,
    sheetName: 'Data Partisipan',
    headers: ['No', 'Tanggal Daftar', 'Nama', 'Email', 'No Telp', 'Jenis Tiket', PARTICIPANT_TEXT.columns.status, ...questions.map((question) => question.name),
      CHECKIN_MSG.exportCheckedInAt, CHECKIN_MSG.exportCheckedInBy, TRACKING_LINK_TEXT.exportColumn],
    rows: rows(),
  };
}
