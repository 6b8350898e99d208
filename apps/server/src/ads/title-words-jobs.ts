/**
 * The title's words of ads that have none yet (ads.title_words NULL, migration 0051): the ads that were there before
 * the words were stored, and those a release that renamed options set back to NULL so that they are written from
 * the catalogue as it is now. Every save of an ad's values writes its words itself (ads-repository.ts); this fills the
 * rest: one job, scheduled when the app is ready, that writes them batch after batch, each batch its own statement
 * (a run that died is run again and goes on where it stopped). An ad is written only while its words are still NULL:
 * a save meanwhile has written the right ones.
 */
import type { Queryable } from '../platform/db/db.ts';
import type { JobScheduler } from '../platform/jobs/scheduler.ts';
import { adTitleWordsOf } from './ad-title.ts';
import { adsWithoutTitleWords, writeTitleWords } from './ads-repository.ts';

export const TITLE_WORDS_JOB = 'ads.title-words';
const BATCH = 500;

/** Writes the title's words of up to `limit` ads that have none (the lowest numbers first); answers how many. */
export async function fillTitleWords(db: Queryable, limit = BATCH): Promise<number> {
  const ads = await adsWithoutTitleWords(db, limit);
  if (ads.length > 0) {
    await writeTitleWords(
      db,
      ads.map((ad) => ({ id: ad.id, words: adTitleWordsOf(ad.selectors, ad.values) })),
    );
  }
  return ads.length;
}

/** Schedules a fill (keyed, so processes starting together make one job). */
export function scheduleTitleWords(jobs: JobScheduler, now: Date, db?: Queryable): Promise<number | null> {
  return jobs.schedule({ kind: TITLE_WORDS_JOB, key: `from:${now.toISOString()}`, runAt: now, maxAttempts: 3 }, db);
}

/** The fill: batch after batch, each its own statement (no transaction around them all), until none is left. */
export function registerTitleWordsJobs(jobs: JobScheduler): void {
  jobs.register(
    TITLE_WORDS_JOB,
    async (_job, { tx }) => {
      while ((await fillTitleWords(tx)) === BATCH);
    },
    { transaction: false },
  );
}
