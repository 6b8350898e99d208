import { describe, expect, it } from 'vitest';
import { DailyVisitors, isPersonsBrowser } from './visitor-hash.ts';

const CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

describe('a visitor counted once per ad per day, by a salted hash', () => {
  it('counts the first visit of the day to an ad, not the next ones', () => {
    const v = new DailyVisitors();
    expect(v.firstVisit('10.0.0.1 chrome', 7, '2026-12-03')).toBe(true);
    expect(v.firstVisit('10.0.0.1 chrome', 7, '2026-12-03')).toBe(false);
    expect(v.firstVisit('10.0.0.1 chrome', 8, '2026-12-03')).toBe(true);
    expect(v.firstVisit('10.0.0.2 chrome', 7, '2026-12-03')).toBe(true);
  });

  it('counts the visitor again the next day, with a new salt: the same key hashes differently', () => {
    const v = new DailyVisitors();
    const today = v.hashOf('customer:5', 7, '2026-12-03');
    expect(v.hashOf('customer:5', 7, '2026-12-03')).toBe(today);
    expect(v.firstVisit('customer:5', 7, '2026-12-03')).toBe(true);
    expect(v.firstVisit('customer:5', 7, '2026-12-04')).toBe(true);
    // Back to the first day: its salt is gone, so its hash cannot be made again.
    expect(v.hashOf('customer:5', 7, '2026-12-03')).not.toBe(today);
  });

  it('has a salt of its own in each process: no stored secret makes the hashes again', () => {
    const a = new DailyVisitors().hashOf('10.0.0.1 chrome', 7, '2026-12-03');
    const b = new DailyVisitors().hashOf('10.0.0.1 chrome', 7, '2026-12-03');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[\w-]{22}$/);
    expect(a).not.toContain('10.0.0.1');
  });

  it('starts the day again past its limit of hashes rather than growing without end', () => {
    const v = new DailyVisitors(2);
    expect(v.firstVisit('a', 1, '2026-12-03')).toBe(true);
    expect(v.firstVisit('b', 1, '2026-12-03')).toBe(true);
    expect(v.firstVisit('c', 1, '2026-12-03')).toBe(true);
    expect(v.firstVisit('a', 1, '2026-12-03')).toBe(true);
  });

  it('tells a person’s browser from known bots and from no user agent', () => {
    expect(isPersonsBrowser(CHROME)).toBe(true);
    expect(isPersonsBrowser('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')).toBe(false);
    expect(isPersonsBrowser('WhatsApp/2.23.20.0')).toBe(false);
    expect(isPersonsBrowser('curl/8.5.0')).toBe(false);
    expect(isPersonsBrowser(undefined)).toBe(false);
    expect(isPersonsBrowser('')).toBe(false);
  });
});
