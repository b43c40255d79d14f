import type { Database, Subscription } from '../../db/client.js';

/** The channel migration 0016's triggers notify with the id of an event whose page may have changed. */
export const PUBLIC_EVENT_CHANNEL = 'eo_public_event_changed';

/** Events whose generation is remembered; past it all are forgotten at once (the epoch moves on). */
const MAX_EVENTS = 100_000;

/**
 * What this process has heard of changes to public event pages. On the embedded database every
 * change of an event, its tickets (seats, deadlines) or its questions is notified in-process as
 * it commits (migration 0016), so a rendered page can be served without any read until its
 * event's generation moves. On a PostgreSQL server nothing is notified (it would serialise the
 * registrations' commits) and `live()` stays false: the page reads its version per request.
 */
export class PageChanges {
  private readonly generations = new Map<string, number>();
  private epoch = 0;
  private subscription?: Subscription;

  async start(database: Pick<Database, 'listen' | 'kind'>): Promise<void> {
    if (database.kind !== 'pglite') return;
    this.subscription = await database.listen(PUBLIC_EVENT_CHANNEL, (eventId) => this.changed(eventId), () => this.forgetAll());
  }

  async stop(): Promise<void> {
    await this.subscription?.close();
    this.subscription = undefined;
    this.forgetAll();
  }

  /** Whether notifications are arriving: only then may a page be served on their word. */
  live(): boolean {
    return this.subscription?.live() ?? false;
  }

  /** Moves whenever the event's page may have changed; compare before and after a read. */
  generation(eventId: string): string {
    return `${this.epoch}:${this.generations.get(eventId) ?? 0}`;
  }

  changed(eventId: string): void {
    if (this.generations.size >= MAX_EVENTS && !this.generations.has(eventId)) this.forgetAll();
    this.generations.set(eventId, (this.generations.get(eventId) ?? 0) + 1);
  }

  private forgetAll(): void {
    this.generations.clear();
    this.epoch += 1;
  }
}
