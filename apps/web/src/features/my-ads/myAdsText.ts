/** The texts of an ad's row on /my-ads: its status, track and auto-bump, in Hebrew. */
import { upgradeTitleOf } from '@app/catalog/packages';
import { trackOfType } from '@app/catalog/tracks';
import type { MyAd } from '@app/contract/planExtras';
import { hePackages } from '../../shared/i18n/index.ts';

const t = hePackages.myAds;

/** The ad's status in Hebrew: a draft with an open payment waits for payment. */
export const statusText = (ad: MyAd): string =>
  ad.status === 'draft' && ad.awaitingPayment ? t.statuses.awaitingPayment : t.statuses[ad.status];

/** The track's Hebrew title: a track of the category, else a one-ad upgrade (never the English ad type). */
export const trackText = (ad: MyAd): string =>
  ad.adType
    ? (trackOfType({ cat: ad.cat, subcat: ad.subcat }, ad.adType)?.title ?? upgradeTitleOf(ad.adType) ?? t.noTrack)
    : t.noTrack;

const dateFormat = new Intl.DateTimeFormat('he-IL', {
  day: 'numeric',
  month: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Asia/Jerusalem',
});

/** Auto-bump on (until when) or off. */
export const autoBumpText = (ad: MyAd): string =>
  !ad.autoBump
    ? t.autoBumpOff
    : ad.autoBumpUntil
      ? t.autoBumpUntil(dateFormat.format(new Date(ad.autoBumpUntil)))
      : t.autoBumpOn;
