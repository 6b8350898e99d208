/**
 * The demo trader's long list (with SEED_DEMO and SEED_DEMO_DEALER_ADS): 300 ads of trader@demo.co.il across its
 * categories (cars, homes, second hand), so /my-ads shows what a dealer works with: most live on tracks from free to
 * VIP, ending over the next weeks (some within the week), some ended; each with its own number in its description.
 * Added once, when the trader has no ad at all.
 */
import { CAT } from '@app/catalog/categories/ids';
import { findCustomerByEmail } from '../accounts/customers-repository.ts';
import { adTitleWordsOf } from '../ads/ad-title.ts';
import type { Db } from '../platform/db/db.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import { DEMO_ADS } from './demo-ads.ts';
import { countAdsOf, insertDealerAds } from './demo-ads-repository.ts';

export const DEMO_DEALER_ADS = 300;
/** The demo trader (demo-accounts.ts). */
export const DEMO_TRADER_EMAIL = DEMO_ACCOUNTS.find((a) => a.role.startsWith('trader'))?.email ?? 'trader@demo.co.il';

const HOUR = 60 * 60 * 1000;
const TRACKS = ['Free', 'Free', 'Bold', 'VIP'] as const;
const TRADER_CATS: ReadonlySet<number> = new Set([CAT.vehicles, CAT.realEstate, CAT.secondHand]);

/** The trader's 300 ads as published before `now`: every 10th ended yesterday, the rest live for 2 to 41 days. */
export function dealerAdRows(now: Date) {
  const samples = DEMO_ADS.filter((ad) => TRADER_CATS.has(Number(ad.selectors.cat)));
  return Array.from({ length: DEMO_DEALER_ADS }, (_, i) => {
    const sample = samples[i % samples.length] as (typeof samples)[number];
    const ended = i % 10 === 9;
    const publishedAt = new Date(now.getTime() - (DEMO_DEALER_ADS - i) * HOUR);
    return {
      cat: Number(sample.selectors.cat),
      subcat: sample.selectors.subcat === undefined ? null : Number(sample.selectors.subcat),
      selectors: sample.selectors,
      values: { ...sample.values, description: `${sample.values.description ?? ''} (מלאי ${i + 1})` },
      titleWords: adTitleWordsOf(sample.selectors, sample.values),
      adType: TRACKS[i % TRACKS.length] as string,
      status: ended ? ('expired' as const) : ('active' as const),
      publishedAt,
      endsAt: new Date(now.getTime() + (ended ? -24 : (2 + ((i * 7) % 40)) * 24) * HOUR),
    };
  });
}

/** Adds the trader's ads when it has none; answers how many it added. */
export async function seedDealerAds(db: Db, now: Date): Promise<number> {
  const trader = await findCustomerByEmail(db, DEMO_TRADER_EMAIL);
  if (!trader || (await countAdsOf(db, trader.id)) > 0) return 0;
  const rows = dealerAdRows(now);
  await insertDealerAds(db, trader.id, rows);
  return rows.length;
}
