import { createHmac } from 'node:crypto';
import { wibDay } from '@eo/contract';

/**
 * Link-preview fetchers and crawlers: they fetch the page to draw a card, nobody viewed it.
 * WhatsApp, Facebook (facebookexternalhit, Facebot), Twitter/X, Telegram, Slack, LinkedIn,
 * Discord, search engines and anything calling itself a bot, crawler, spider or preview.
 */
const BOT_UA = /whatsapp|facebookexternalhit|facebot|meta-externalagent|twitterbot|telegrambot|slackbot|linkedinbot|discordbot|skypeuripreview|embedly|pinterest|googlebot|bingbot|yandex|baiduspider|duckduckbot|applebot|\bbot\b|bot\/|crawler|spider|preview/i;

export const isBot = (userAgent: string | undefined) => !userAgent || BOT_UA.test(userAgent);

/** How many visitors a day one process remembers; past that the oldest are forgotten (and could count again). */
export const MAX_VISITORS_PER_DAY = 200_000;

/**
 * "Once per visitor per day" without personal data (the event page's views, the twibbon's
 * downloads: `purpose` keeps their visitors apart). A visitor is the keyed hash
 * HMAC-SHA256(dayKey, eventId + ip + user agent), where dayKey = HMAC-SHA256(secret, purpose + WIB day):
 * the key changes every WIB day, so a hash cannot be linked to the same visitor on another day,
 * and without the server's secret it cannot be tested against a guessed address. Only these
 * hashes are kept, in memory, for the current WIB day: at the first request of a new day the set
 * (and the key) is dropped. Nothing is written to the database but the day's count.
 *
 * Chosen over a table of hashes: no personal data at rest at all and no write per page view;
 * the price is that a restart, or a visitor reaching two processes of a scaled-out API, may count
 * one visitor twice that day. The set is bounded (MAX_VISITORS_PER_DAY, oldest first out).
 */
export class VisitorOnceADay {
  private day = '';
  private dayKey: Buffer = Buffer.alloc(0);
  private seen = new Set<string>();

  constructor(private readonly secret: string, private readonly purpose: string, private readonly max = MAX_VISITORS_PER_DAY) {}

  /** True when this visitor has not yet come for this event today (and remembers them now). */
  firstToday(eventId: string, ip: string, userAgent: string, now = new Date()): boolean {
    const day = wibDay(now);
    if (day !== this.day) {
      this.day = day;
      this.dayKey = createHmac('sha256', this.secret).update(`${this.purpose}:${day}`).digest();
      this.seen = new Set();
    }
    const visitor = createHmac('sha256', this.dayKey).update(`${eventId}\n${ip}\n${userAgent}`).digest('base64url').slice(0, 22);
    if (this.seen.has(visitor)) return false;
    if (this.seen.size >= this.max) {
      const oldest = this.seen.values().next().value;
      if (oldest !== undefined) this.seen.delete(oldest);
    }
    this.seen.add(visitor);
    return true;
  }

  /** Hashes remembered today (tests: no raw address is ever kept). */
  remembered(): string[] {
    return [...this.seen];
  }
}
