import { endpointPath, PUBLIC_TWIBBON_ADDRESS, wibDay, type PublicTwibbon } from '@eo/contract';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { absoluteUrl } from '../../lib/public-html.js';
import { isBot, VisitorOnceADay } from '../../lib/visitor-once-a-day.js';
import * as repo from './twibbon.repository.js';

export interface PublicTwibbonPage extends PublicTwibbon {
  customKey: string;
  posterUrl: string | null;
  /** The maker's own address and its preview image (the poster, else the frame), whole, on the configured public origin. */
  pageUrl: string;
  imageUrl: string | null;
}

/**
 * The public twibbon maker: only a published, approved, not deleted event's twibbon
 * with a frame exists here; anything else is the same 404 (drafts and pending events are not
 * revealed). The participant's photo never reaches the server: only downloads are counted.
 */
export class PublicTwibbonService {
  private readonly downloads: VisitorOnceADay;

  /**
   * `publicUrl`: the app's public origin (config.publicUrl), which the page's Open Graph addresses
   * are built on; `secret` keys the daily visitor hashes (never stored).
   */
  constructor(private readonly db: Db, private readonly publicUrl: string, secret: string) {
    this.downloads = new VisitorOnceADay(secret, 'twibbon-downloads');
  }

  /** The twibbon, or null for an unknown / unpublished key (the page renders its own 404). */
  async find(customKey: string): Promise<PublicTwibbonPage | null> {
    const row = await repo.findPublicTwibbon(this.db, customKey);
    if (!row || !row.templateUrl || !row.customKey) return null;
    return {
      customKey: row.customKey, templateUrl: row.templateUrl, posterUrl: row.posterUrl, caption: row.caption,
      guide: row.guide, eventId: row.eventId, eventName: row.eventName,
      pageUrl: `${this.publicUrl}${endpointPath(PUBLIC_TWIBBON_ADDRESS.page.path, { customKey: row.customKey })}`,
      imageUrl: absoluteUrl(this.publicUrl, row.posterUrl || row.templateUrl),
    };
  }

  async get(customKey: string): Promise<PublicTwibbon> {
    const found = await this.find(customKey);
    if (!found) throw notFound();
    const { templateUrl, caption, guide, eventId, eventName } = found;
    return { templateUrl, caption, guide, eventId, eventName };
  }

  /** Counts one download on the WIB day of `now`: once per visitor a day, as the event page's views, and none by a bot. */
  async countUse(customKey: string, visitor: { ip: string; userAgent: string | undefined }, now = new Date()): Promise<void> {
    const found = await repo.findPublicTwibbon(this.db, customKey);
    if (!found || !found.templateUrl) throw notFound();
    if (isBot(visitor.userAgent) || !this.downloads.firstToday(found.eventId, visitor.ip, visitor.userAgent ?? '', now)) return;
    await repo.countDownload(this.db, found.eventId, wibDay(now));
  }
}
