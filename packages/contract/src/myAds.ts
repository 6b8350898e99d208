/** "My ads"' values the browser shares with the server (the calls' schemas: schemas/myAds.ts). */

/** Where an ad of the list stands; `hidden`: taken off the board by its owner, who may show it again. */
export const MY_AD_STATUSES = [
  'draft',
  'blocked',
  'pending',
  'rejected',
  'active',
  'hidden',
  'out_of_slots',
  'expired',
] as const;
export type MyAdStatus = (typeof MY_AD_STATUSES)[number];

/** The list's orders: newest first, ending soonest first, most viewed first (the numbers' all-time views). */
export const MY_ADS_SORTS = ['newest', 'ending', 'views'] as const;
export type MyAdsSort = (typeof MY_ADS_SORTS)[number];

/** Ads a page when the query names no size, and the most a page may have. */
export const MY_ADS_PAGE = 20;
export const MY_ADS_PAGE_MAX = 50;
/** "Ending soon": a live ad whose end is within this many days. */
export const MY_ADS_ENDING_DAYS = 7;

/**
 * What may be done to several chosen ads at once: hide, show again, delete, and where the ad's track allows it
 * (packages/catalog data/tracks.json `ownerActions`) bump it to the top of its board or renew it for a new period.
 */
export const MY_ADS_ACTIONS = ['bump', 'renew', 'hide', 'show', 'delete'] as const;
export type MyAdsAction = (typeof MY_ADS_ACTIONS)[number];
/** The most ads one bulk request may name. */
export const MY_ADS_BULK_MAX = 100;
