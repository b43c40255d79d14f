import { buffer } from 'node:stream/consumers';
import type { Db } from '../../db/client.js';
import { isUuid } from '../../lib/ids.js';
import type { FileStore, StoredFile } from '../../lib/storage/storage.js';
import { ogImageName, OG_RENDER_VERSION, posterFile, renderOgImage } from './og-image.js';
import * as repo from './public-events.repository.js';

/** A public event's preview card: its validator, and the file, opened only when it is sent. */
export interface OgImage { etag: string; open(): Promise<StoredFile | null> }

/**
 * The link-preview card of a public event (`/e/{id}/og.jpg`). Making one takes a few hundred
 * milliseconds of sharp, so it is made when first asked for and stored beside the poster in the
 * app's file store, named by the poster's file id: a new poster is a new file id, hence a new
 * card and a new ETag, and every process finds the card any other one made.
 */
export class OgImageService {
  /** Cards being made now: concurrent first requests for one poster wait for the same one. */
  private readonly making = new Map<string, Promise<boolean>>();

  constructor(private readonly deps: { db: Db; storage: FileStore; publicUrl: string }) {}

  /** The card of a published, approved, live event with a stored poster; null for anything else. */
  async find(eventId: string): Promise<OgImage | null> {
    if (!isUuid(eventId)) return null;
    const row = await repo.publicPoster(this.deps.db, eventId);
    const poster = posterFile(row?.imageUrl ?? null, this.deps.publicUrl);
    if (!poster) return null;
    const name = ogImageName(poster);
    return {
      etag: `"og${OG_RENDER_VERSION}-${poster.id}"`,
      open: async () => (await this.deps.storage.openAt(name)) ?? (await this.makeOnce(poster.rel, name) ? this.deps.storage.openAt(name) : null),
    };
  }

  private makeOnce(posterRel: string, name: string): Promise<boolean> {
    let made = this.making.get(name);
    if (!made) {
      made = this.make(posterRel, name).finally(() => this.making.delete(name));
      this.making.set(name, made);
    }
    return made;
  }

  /** Renders the poster's card and stores it; false when the poster is gone or cannot be read. */
  private async make(posterRel: string, name: string): Promise<boolean> {
    const stored = await this.deps.storage.open(posterRel);
    if (!stored) return false;
    let card: Buffer;
    try {
      card = await renderOgImage(await buffer(stored.stream));
    } catch {
      // A poster that was judged at upload but no longer decodes: no card rather than a 500.
      return false;
    }
    await this.deps.storage.putAt(name, card);
    return true;
  }
}
