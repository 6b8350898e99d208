/**
 * What a payment charges, always from the server's own data (never an amount from the browser).
 *
 * INTEGRATION: `trackFor` is the one place that reads the tracks. Until packages/catalog/src/tracks.ts (findTrack)
 * is merged it answers from the small interim list below; once merged, its body becomes
 *   `const t = findTrack(selectors, ptHash); return t ? { adType: t.adType, days: t.days, amountAgorot: t.amountAgorot, title: t.title } : null;`
 * and INTERIM_TRACKS goes. The same for `packageFor` (the upgrade packages) if the tracks module lists them.
 */
import type { AdType } from '@app/contract/orders';

export interface Charge {
  adType: AdType | 'AutoBump';
  days: number;
  /** 0 for a free track (nothing to pay). */
  amountAgorot: number;
  /** The payment's description on the provider's page. */
  title: string;
}

/** Interim paid tracks, by hash (replaced by the catalogue's tracks; amounts in agorot). */
const INTERIM_TRACKS: Record<string, Charge> = {
  free: { adType: 'Free', days: 28, amountAgorot: 0, title: 'מודעה רגילה' },
  bold: { adType: 'Bold', days: 28, amountAgorot: 4_900, title: 'מודעה מודגשת' },
  vip: { adType: 'VIP', days: 28, amountAgorot: 9_900, title: 'מודעת VIP' },
  supergold: { adType: 'SUPERGOLD', days: 28, amountAgorot: 14_900, title: 'מודעת סופר גולד' },
};

const INTERIM_PACKAGES: Record<string, Charge> = {
  upgrade: { adType: 'Upgrade', days: 91, amountAgorot: 29_900, title: 'חבילת שדרוג' },
  'upgrade-plus': { adType: 'UpgradePlus', days: 91, amountAgorot: 49_900, title: 'חבילת שדרוג פלוס' },
  platinum: { adType: 'Platinum', days: 91, amountAgorot: 79_900, title: 'חבילת פלטינום' },
  premium: { adType: 'Premium', days: 91, amountAgorot: 119_900, title: 'חבילת פרימיום' },
};

/** The chosen track of an ad's selection (cat, subcat, …) by its hash, or null when it is not offered. */
export function trackFor(_selectors: Record<string, string>, ptHash: string): Charge | null {
  return Object.hasOwn(INTERIM_TRACKS, ptHash) ? (INTERIM_TRACKS[ptHash] ?? null) : null;
}

/** An upgrade package by its hash (gateway packages/personal/pay), or null. */
export function packageFor(packageHash: string): Charge | null {
  return Object.hasOwn(INTERIM_PACKAGES, packageHash) ? (INTERIM_PACKAGES[packageHash] ?? null) : null;
}

/** The auto-bump week's package hash (spec §9 "package hash weekly-package"). */
export const AUTO_BUMP_HASH = 'weekly-package';

/** Spec §9: auto-bump every 4 hours for 7 days, 18 NIS for cat 3, 39 NIS otherwise. */
export function autoBumpFor(cat: number): Charge {
  return { adType: 'AutoBump', days: 7, amountAgorot: cat === 3 ? 1_800 : 3_900, title: 'הקפצה אוטומטית לשבוע' };
}
