import { endpointPath, PUBLIC_TWIBBON_ADDRESS, wibDay, type PublicTwibbon } from '@eo/contract';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { absoluteUrl } from '../../lib/public-html.js';
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
  /** `publicUrl`: the app's public origin (config.publicUrl), which the page's Open Graph addresses are built on. */
  constructor(private readonly db: Db, private readonly publicUrl: string) {}

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

  /** Counts one download on the WIB day of `now`. */
  async countUse(customKey: string, now = new Date()): Promise<void> {
    const found = await repo.findPublicTwibbon(this.db, customKey);
    if (!found || !found.templateUrl) throw notFound();
    await repo.countDownload(this.db, found.eventId, wibDay(now));
  }
}
