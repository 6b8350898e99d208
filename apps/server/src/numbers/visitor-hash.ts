/**
 * A visitor counted once per ad per day, without keeping who: the key (the customer's number, else the address and
 * the browser's user agent) is hashed with a salt of 32 random bytes made in this process's memory for each Israel
 * calendar day: SHA-256(salt, key, ad, day). The salt is never written anywhere and is dropped with the day's hashes
 * when the day changes, so yesterday's hashes cannot be recomputed from anything stored, and no two days' hashes of
 * one visitor can be matched. The hashes themselves live only here, in a set per day, never in the database.
 */
import crypto from 'node:crypto';
import { isbot } from 'isbot';

/** The most hashes kept for one day (about 60 MB): past it the set starts again, so a visitor may count twice. */
export const MAX_SEEN_A_DAY = 500_000;

export class DailyVisitors {
  private day = '';
  private salt: Buffer = Buffer.alloc(0);
  private seen = new Set<string>();

  constructor(private readonly maxSeen = MAX_SEEN_A_DAY) {}

  /** This day's salt: a new random one when the day changes (yesterday's and its hashes are dropped). */
  private saltFor(day: string): Buffer {
    if (day !== this.day) {
      this.day = day;
      this.salt = crypto.randomBytes(32);
      this.seen = new Set();
    }
    return this.salt;
  }

  /** The visitor's hash for the ad on the day (16 bytes of the SHA-256, base64url). */
  hashOf(visitorKey: string, adId: number, day: string): string {
    const salt = this.saltFor(day);
    return crypto
      .createHash('sha256')
      .update(salt)
      .update(`\u0000${visitorKey}\u0000${adId}\u0000${day}`)
      .digest()
      .subarray(0, 16)
      .toString('base64url');
  }

  /** True the first time this visitor opens this ad on this day, false after. */
  firstVisit(visitorKey: string, adId: number, day: string): boolean {
    const hash = this.hashOf(visitorKey, adId, day);
    if (this.seen.has(hash)) return false;
    if (this.seen.size >= this.maxSeen) this.seen = new Set();
    this.seen.add(hash);
    return true;
  }
}

/** A person's browser rather than a known bot, crawler or link preview (isbot's patterns); no user agent is a bot. */
export const isPersonsBrowser = (userAgent: string | undefined): boolean =>
  typeof userAgent === 'string' && userAgent.trim() !== '' && !isbot(userAgent);
