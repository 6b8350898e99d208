/** The ad page's fixed numbers: its calls' limits, and the web app's module that enhances it. */

/** Reveals of phone numbers an hour: per visitor (a scraper's browser) and per address (many browsers, one host). */
export const REVEALS_PER_HOUR = { visitor: 15, address: 40 } as const;
/** Reports an hour: per visitor and per address. */
export const REPORTS_PER_HOUR = { visitor: 5, address: 20 } as const;
/** Shares an hour (the share box's uses, counted in the advertiser's numbers): per visitor and per address. */
export const SHARES_PER_HOUR = { visitor: 15, address: 40 } as const;
/** The web app's module that enhances the page (apps/web/src/features/ad-page), as the build's manifest names it. */
export const AD_PAGE_ENTRY = 'src/features/ad-page/index.ts';
