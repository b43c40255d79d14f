import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import {
  constantLabel, QUESTION_TYPES, wibInstant, type PublicEvent, type PublicQuestion, type PublicTicket,
} from '@eo/contract';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import type { EntryAssets } from '../../lib/public-assets.js';
import { isUuid } from '../../lib/ids.js';
import { absoluteUrl } from '../../lib/public-html.js';
import { SharedReads } from '../../lib/shared-reads.js';
import * as repo from './public-events.repository.js';
import { mayUseTicket, trackingRef } from '../platform/registration.service.js';
import { embedFormPage } from './embed-page.js';
import { notFoundPage, publicEventPage } from './public-page.js';
import { isBot, VisitorOnceADay } from '../../lib/visitor-once-a-day.js';

export interface PublicEventsDeps {
  db: Db;
  /** The app's public origin (config.publicUrl): absolute links and Open Graph URLs. */
  publicUrl: string;
  /** The site's name on the pages (config.publicSiteName). */
  siteName: string;
  /** Keys the daily visitor hashes (never stored). */
  secret: string;
  /** Adds views to the event's Insight (the platform intake's own counter). */
  recordViews: (eventId: string, now: Date) => Promise<void>;
  /** The registration form's script and CSS (none without a web build). */
  assets?: EntryAssets;
  /** The embedded form's frame script, which tells the host page its height (none without a web build). */
  frameAssets?: EntryAssets;
  /** One visit more for the event's tracking link `code` (nothing for a code the event has none of). */
  recordLinkVisit?: (eventId: string, code: string) => Promise<void>;
  /** The server sends WhatsApp: the form offers it (`whatsappOptIn`). */
  whatsapp?: boolean;
}

/** The web build's entry of the event page's registration form (apps/web/src/public/register/main.ts). */
export const REGISTER_ENTRY = 'src/public/register/main.ts';
/** The web build's entry of the embedded form's frame script (apps/web/src/public/embed/frame.ts). */
export const EMBED_FRAME_ENTRY = 'src/public/embed/frame.ts';

/** Who asked; `counts: false` (a HEAD request) is answered but never counted. `ref`: the tracking link's code they came through. */
export interface Visitor { ip: string; userAgent: string | undefined; counts?: boolean; ref?: string }

/** A page or document kept per event, and per access code that was asked for (hidden tickets). */
const cacheKey = (eventId: string, kode?: string) => (kode ? `${eventId}|${kode.toLowerCase()}` : eventId);

/** How many rendered pages are kept (each a few KB). */
const PAGE_CACHE_MAX = 1000;

/** A Google Maps search of the coordinates when set, else of the address. */
export function mapUrl(address: string, lat: number | null, long: number | null): string {
  const query = lat !== null && long !== null ? `${lat},${long}` : address;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

const labels = (base: string[], extra: string[]) => [...base, ...extra].filter((v) => v.trim() !== '').map(constantLabel);

function ticketOut(t: repo.PublicEventRows['tickets'][number], sold: number): PublicTicket {
  const unlimited = t.originalQuotaType === 'unlimited' || t.quota < 0;
  // `quota` is the remaining count kept by every registration; the active registrants against the
  // original quota say the same unless an edit is half-way: the smaller one wins.
  const remaining = unlimited ? null : Math.max(0, Math.min(t.quota, t.originalQuota >= 0 ? t.originalQuota - sold : t.quota));
  return {
    id: t.id,
    name: t.name,
    type: t.type === 'free' ? 'free' : 'paid',
    price: t.type === 'free' ? 0 : t.price,
    status: remaining === 0 ? 'Sold Out' : 'Available',
    remaining,
    requiresApproval: t.requiresApproval,
    waitlist: t.waitlist,
    hidden: t.accessCode !== null,
    registrationDeadline: t.registrationDeadlineAt?.toISOString() ?? null,
    dates: t.dates.map((d) => ({
      startAt: wibInstant(d.date, d.startHour ?? '00:00').toISOString(),
      endAt: d.endHour ? wibInstant(d.date, d.endHour).toISOString() : null,
    })),
  };
}

function questionOut(q: repo.PublicEventRows['questions'][number]): PublicQuestion | null {
  const kind = QUESTION_TYPES.find((k) => k === q.type);
  if (!kind) return null;
  return {
    id: q.id,
    ticketId: q.eventTicketId,
    name: q.name,
    description: q.description,
    kind,
    isRequired: q.isRequired,
    options: [...q.options].sort((a, b) => a.optionOrderNumber - b.optionOrderNumber).map((o) => o.name),
    maxFiles: q.maxFiles,
    accept: q.accept,
    order: q.stepOrderNumber,
  };
}

/**
 * The public shape of an event (API.md, Public pages): only what a participant may see. A hidden
 * ticket is in it only when `kode` is its access code (compared without case; mayUseTicket).
 */
export function publicEventOf(rows: repo.PublicEventRows, publicUrl: string, kode?: string, whatsapp = false): PublicEvent {
  const { event: e } = rows;
  const online = e.experience === 'online';
  return {
    id: e.id,
    name: e.name,
    type: e.type,
    imageUrl: absoluteUrl(publicUrl, e.imageUrl),
    dates: { startAt: e.firstEventAt?.toISOString() ?? null, endAt: e.lastEventAt?.toISOString() ?? null },
    location: online || !e.location
      ? 'online'
      : {
        address: e.location, notes: e.locationNotes, lat: e.eventCoordinateLat, long: e.eventCoordinateLong,
        mapUrl: mapUrl(e.location, e.eventCoordinateLat, e.eventCoordinateLong),
      },
    description: e.description,
    benefits: labels(e.benefits, e.additionalBenefit),
    eligibilities: labels(e.eligibilities, e.additionalEligibility),
    stepsToRegister: labels(e.stepsToRegister, e.additionalStepsToRegister),
    eventOrganizer: {
      name: e.eoName ?? '',
      logoUrl: absoluteUrl(publicUrl, e.eoOrganizationLogoUrl),
      // Stored only when the organizer chose to show them (phoneNumberExist / instagramProfileExist).
      phoneNumber: e.eoPhoneNumber || null,
      instagramProfileUrl: e.eoInstagramProfileUrl || null,
    },
    tickets: rows.tickets.filter((t) => mayUseTicket(t.accessCode, kode)).map((t) => ticketOut(t, rows.sold.get(t.id) ?? 0)),
    questions: rows.questions.map(questionOut).filter((q): q is PublicQuestion => q !== null)
      .filter((q) => q.ticketId === null || rows.tickets.some((t) => t.id === q.ticketId && mayUseTicket(t.accessCode, kode))),
    sessions: rows.sessions.map((s) => ({ name: s.name, startAt: new Date(s.startAt).toISOString(), endAt: new Date(s.endAt).toISOString() })),
    whatsapp,
  };
}

/**
 * The public side of an event: its JSON read and its server-rendered page. Rendered pages are
 * kept in an LRU keyed by the event and checked against its version (one indexed read per
 * request, shared by the requests that arrive while one runs: lib/shared-reads.ts): an edit, a
 * review decision or a registration changing a ticket's seats shows at once, in every process,
 * without anyone having to invalidate anything.
 */
export class PublicEventsService {
  private readonly pages = new LRUCache<string, { version: string; html: string; etag: string }>({ max: PAGE_CACHE_MAX });
  private readonly docs = new LRUCache<string, { version: string; doc: PublicEvent }>({ max: PAGE_CACHE_MAX });
  private readonly versions = new SharedReads<string, Awaited<ReturnType<typeof repo.pageVersion>>>();
  readonly views: VisitorOnceADay;
  /** Visitors of a tracking link, counted like the page's views: once per visitor, link and WIB day, no cookie. */
  readonly linkVisits: VisitorOnceADay;

  constructor(private readonly deps: PublicEventsDeps) {
    this.views = new VisitorOnceADay(deps.secret, 'public-event-views');
    this.linkVisits = new VisitorOnceADay(deps.secret, 'tracking-link-visits');
  }

  /**
   * The event's JSON (the registration form's read), kept like the page: its version read first
   * (shared, see `versions`), the whole event read again only when that moved. A registration
   * moves a ticket's seats, an edit or a review decision the event's updated_at, at once.
   */
  async get(eventId: string, kode?: string): Promise<PublicEvent> {
    if (!isUuid(eventId)) throw notFound();
    const current = await this.versionOf(eventId);
    if (!current) throw notFound();
    const { version } = current;
    const key = cacheKey(eventId, kode);
    const cached = this.docs.get(key);
    if (cached?.version === version) return cached.doc;
    // Read after the version: at worst newer than it, which only costs the next request a read.
    const rows = await repo.findPublicEvent(this.deps.db, eventId);
    if (!rows) throw notFound();
    const doc = publicEventOf(rows, this.deps.publicUrl, kode, this.deps.whatsapp);
    this.docs.set(key, { version, doc });
    return doc;
  }

  /**
   * The page (200, with the ETag of its bytes) or the 404 page; a visitor's first view of the
   * day counts in Insight, a revalidation (304) included.
   */
  async page(eventId: string, visitor: Visitor, now = new Date(), kode?: string): Promise<{ status: 200; html: string; etag: string } | { status: 404; html: string }> {
    if (!isUuid(eventId)) return { status: 404, html: notFoundPage(this.deps.siteName) };
    const page = await this.checked(eventId, now, kode);
    if (!page) return { status: 404, html: notFoundPage(this.deps.siteName) };
    await this.count(eventId, visitor, now, { views: true });
    return { status: 200, ...page };
  }

  /**
   * `/e/{id}/embed`: the registration form for another site's frame, kept and versioned like the
   * page. A tracking link's visit counts (`data-ref` of the script tag); the page's views do not:
   * the host page is what people viewed.
   */
  async embed(eventId: string, visitor: Visitor, now = new Date(), kode?: string): Promise<{ status: 200; html: string; etag: string } | { status: 404; html: string }> {
    if (!isUuid(eventId)) return { status: 404, html: notFoundPage(this.deps.siteName) };
    const page = await this.checked(eventId, now, kode, 'embed');
    if (!page) return { status: 404, html: notFoundPage(this.deps.siteName) };
    await this.count(eventId, visitor, now, { views: false });
    return { status: 200, ...page };
  }

  /** A visitor's first view of the day counts in Insight, and their first visit through a known tracking link counts for the link. */
  private async count(eventId: string, visitor: Visitor, now: Date, { views }: { views: boolean }) {
    if (visitor.counts === false || isBot(visitor.userAgent)) return;
    const userAgent = visitor.userAgent ?? '';
    if (views && this.views.firstToday(eventId, visitor.ip, userAgent, now)) await this.deps.recordViews(eventId, now);
    const code = trackingRef(visitor.ref);
    if (code && this.deps.recordLinkVisit && this.linkVisits.firstToday(`${eventId}\n${code}`, visitor.ip, userAgent, now)) {
      await this.deps.recordLinkVisit(eventId, code);
    }
  }

  /** The event's version (updated_at and its tickets' seats and deadlines), its read shared by concurrent requests; undefined when not public. */
  private async versionOf(eventId: string): Promise<{ version: string; seats: string } | undefined> {
    const current = await this.versions.read(eventId, () => repo.pageVersion(this.deps.db, eventId));
    if (!current) return undefined;
    const seats = current.seats ?? '';
    return { version: `${current.updatedAt.toISOString()}|${seats}`, seats };
  }

  /** The page after reading its version (one indexed read), rendered again only when it moved. */
  private async checked(eventId: string, now: Date, kode?: string, kind: 'page' | 'embed' = 'page'): Promise<{ html: string; etag: string } | undefined> {
    const current = await this.versionOf(eventId);
    if (!current) return undefined;
    // A deadline passing closes a ticket's Daftar button: part of the page's version too.
    const deadlines = current.seats.split(',').map((s) => s.split(':')[2]).filter(Boolean).map((d) => Number(d) * 1000);
    const closed = deadlines.filter((d) => d <= now.getTime()).length;
    const version = `${current.version}|${closed}`;
    const key = `${kind}|${cacheKey(eventId, kode)}`;
    const cached = this.pages.get(key);
    if (cached?.version === version) return cached;
    const rows = await repo.findPublicEvent(this.deps.db, eventId);
    if (!rows) return undefined;
    const { publicUrl, siteName } = this.deps;
    const event = publicEventOf(rows, publicUrl, kode, this.deps.whatsapp);
    // The code goes with the form only when it opened a ticket: an unknown one is not echoed.
    const accessCode = event.tickets.some((t) => t.hidden) ? kode : undefined;
    const assets = this.deps.assets ?? { css: [] };
    const html = kind === 'embed'
      ? embedFormPage(event, { siteName, now, assets: [assets, this.deps.frameAssets ?? { css: [] }], accessCode })
      : publicEventPage(event, { publicUrl, siteName, now, assets, twibbonKey: rows.twibbonKey, accessCode });
    const page = { version, html, etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"` };
    this.pages.set(key, page);
    return page;
  }

  /** Pages held now (tests). */
  cachedPages(): number {
    return this.pages.size;
  }
}
