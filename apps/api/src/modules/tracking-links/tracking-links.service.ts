import {
  fill, TRACKING_CODE_MAX, TRACKING_CODE_PATTERN, TRACKING_LINK_MSG as M, TRACKING_LINKS_PER_EVENT, trackingLinkPath,
  type TrackingLink, type TrackingLinkBody, type TrackingLinkInsight,
} from '@eo/contract';
import type { Db } from '../../db/client.js';
import { Permission, requireEvent } from '../../lib/access.js';
import type { Caller } from '../../lib/caller.js';
import { conflict, ERROR_CODE, notFound } from '../../lib/errors.js';
import * as repo from './tracking-links.repository.js';

/** Whether a `?ref=` value can be a link's code at all: anything else is ignored without a read. */
export const isTrackingCode = (ref: string) => ref.length <= TRACKING_CODE_MAX && TRACKING_CODE_PATTERN.test(ref);

/**
 * Tracking links (API.md, Integrations): made and removed by those who may edit the event, listed
 * and counted for those who may read it. Registrations and check-ins per link are read from the
 * registrants' `ref`, visits from the link's own counter (recordVisit, by the public page).
 */
export class TrackingLinksService {
  constructor(private readonly db: Db, private readonly publicUrl: string) {}

  private out(eventId: string, row: { code: string; name: string; createdAt: Date }): TrackingLink {
    return { code: row.code, name: row.name, url: `${this.publicUrl}${trackingLinkPath(eventId, row.code)}`, createdAt: row.createdAt.toISOString() };
  }

  async list(caller: Caller, id: string): Promise<TrackingLink[]> {
    const event = await requireEvent(this.db, caller, Permission.EventRead, id);
    return (await repo.listLinks(this.db, event.id)).map((row) => this.out(event.id, row));
  }

  /**
   * 409 TRACKING_CODE_TAKEN for a code the event has, TRACKING_LINK_LIMIT past the cap. The
   * event's row is locked while counting, so concurrent creates cannot pass the cap together.
   */
  async create(caller: Caller, id: string, body: TrackingLinkBody): Promise<TrackingLink> {
    return this.db.transaction(async (tx) => {
      const event = await requireEvent(tx, caller, Permission.EventUpdate, id, { lock: true });
      if ((await repo.linkCount(tx, event.id)) >= TRACKING_LINKS_PER_EVENT) {
        throw conflict(fill(M.tooMany, { max: TRACKING_LINKS_PER_EVENT }), ERROR_CODE.trackingLinkLimit);
      }
      const row = await repo.insertLink(tx, { eventId: event.id, code: body.code, name: body.name, createdBy: caller.userId });
      if (!row) throw conflict(fill(M.codeTaken, { code: body.code }), ERROR_CODE.trackingCodeTaken);
      return this.out(event.id, row);
    });
  }

  /** The link stops counting; registrants who came through it keep their `ref`. 404 for an unknown code. */
  async remove(caller: Caller, id: string, code: string): Promise<void> {
    const event = await requireEvent(this.db, caller, Permission.EventUpdate, id);
    if (!isTrackingCode(code) || !(await repo.deleteLink(this.db, event.id, code))) throw notFound(M.notFound);
  }

  async insight(caller: Caller, id: string): Promise<TrackingLinkInsight[]> {
    const event = await requireEvent(this.db, caller, Permission.EventRead, id);
    return repo.linkInsight(this.db, event.id);
  }

  /** A visitor of the event's page came through `ref` (counted once a day per visitor by the caller); an unknown code counts nothing. */
  async recordVisit(eventId: string, ref: string): Promise<void> {
    if (isTrackingCode(ref)) await repo.addVisit(this.db, eventId, ref);
  }
}
