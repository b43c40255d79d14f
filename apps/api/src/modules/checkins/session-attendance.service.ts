import { SESSION_ATTENDANCE_EXPORT as X, type ExportFormat, type SessionAttendance, type SessionAttendanceQuery } from '@eo/contract';
import type { Db } from '../../db/client.js';
import { Permission, requireEvent } from '../../lib/access.js';
import { recordAudit } from '../../lib/audit.js';
import type { Caller } from '../../lib/caller.js';
import { fileSlug, keysetBatches, type Cell, type TableExport } from '../../lib/table-export.js';
import * as repo from './session-checkins.repository.js';

const EXPORT_BATCH = 1000;

/** Who attended which session: the attendance view and its export (API.md, "Sessions, evaluation and certificate rules"). */
export class SessionAttendanceService {
  constructor(private readonly db: Db) {}

  async list(caller: Caller, eventId: string, q: SessionAttendanceQuery): Promise<SessionAttendance> {
    const event = await requireEvent(this.db, caller, Permission.EventRead, eventId);
    const [rows, sessions] = await Promise.all([
      repo.attendees(this.db, event.id, { min: q.minSessions, limit: q.limit, offset: (q.page - 1) * q.limit }),
      repo.sessionCounts(this.db, event.id),
    ]);
    // Past the last page there is no row to carry the total: one more look at the first row's.
    const totalDocs = rows[0]?.total ?? (q.page > 1 ? (await repo.attendees(this.db, event.id, { min: q.minSessions, limit: 1 }))[0]?.total ?? 0 : 0);
    return {
      docs: rows.map(({ total: _, ...r }) => r),
      page: q.page, limit: q.limit, totalDocs, totalPages: Math.ceil(totalDocs / q.limit),
      sessions: sessions.map((s) => ({ id: s.id, name: s.name, startsAt: s.startsAt.toISOString(), endsAt: s.endsAt.toISOString(), attended: s.attended })),
    };
  }

  /** Every matching participant as a row: name, email, sessions attended, then a column per session. Audited as an export. */
  async export(caller: Caller, eventId: string, format: ExportFormat, minSessions: number): Promise<TableExport> {
    const event = await requireEvent(this.db, caller, Permission.EventRead, eventId);
    await recordAudit(this.db, caller, {
      action: 'export.downloaded', organizationId: event.organizationId, targetType: 'event', targetId: event.id, summary: event.name ?? undefined,
      detail: { table: 'attendance', format, eventId: event.id, minSessions },
    });
    const sessions = await repo.sessionsOf(this.db, event.id);
    const db = this.db;
    async function* rows(): AsyncGenerator<Cell[]> {
      const batches = keysetBatches<repo.AttendeeRow>((last) => repo.attendees(db, event.id, { min: minSessions, limit: EXPORT_BATCH, after: last }), EXPORT_BATCH);
      for await (const batch of batches) {
        for (const r of batch) {
          const attended = new Set(r.sessionIds);
          yield [r.name, r.email, r.sessionIds.length, ...sessions.map((s) => (attended.has(s.id) ? X.present : ''))];
        }
      }
    }
    return { basename: `${X.file}-${fileSlug(event.name ?? '')}`, sheetName: X.sheet, headers: [X.name, X.email, X.attended, ...sessions.map((s) => s.name)], rows: rows() };
  }
}
