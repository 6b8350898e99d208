/**
 * kill -9 during full publishes (faults lose nothing), the CI-sized run of bench/crash.ts (`npm run bench:crash` is the
 * 50-publish one): the real server process on PGlite, one publish (photos, a verified phone, the paid VIP track)
 * sent again after every connection error with the same idempotency keys, and two kills at the moments that lose
 * things: as the second photo's JPEG lands in the media directory (before its thumbnail and its database row) and as
 * the payment's notification reaches the server. After the restarts the invariants are checked in the database:
 * each ad whole or absent, one ad and one charge per key, the payment the provider has as paid applied (its
 * notification delivered again after the restart), and no photo file that no row refers to.
 */
import { describe, expect, it } from 'vitest';
import { runCrash } from '../bench/crash.ts';

describe('kill -9 during full publishes (bench/crash.ts, CI size)', () => {
  it('every ad whole or absent, nothing charged twice, the notification sent into the kill recovered, no orphan file', async () => {
    const lines: string[] = [];
    const report = await runCrash({
      publishes: 1,
      concurrency: 1,
      seed: 12,
      randomKills: false,
      killAfterMs: [0, 0],
      killOnNotifyEvery: 1,
      killOnPhotoEvery: 2,
      aimedKillsEach: 1,
      liveWaitMs: 15_000,
      settleMs: 15_000,
      log: (line) => lines.push(line),
    });
    const failed = report.checks.filter((c) => !c.ok);
    expect(failed, lines.join('\n')).toEqual([]);
    // Both kills happened where they were aimed, and the publish finished after them.
    expect(report.notifyKills).toBe(1);
    expect(report.photoKills).toBe(1);
    expect(report.completed).toBe(1);
  }, 170_000);
});
