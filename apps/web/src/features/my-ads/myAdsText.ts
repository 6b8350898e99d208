/** The texts of an ad's row on /my-ads: its status, track and auto-bump, and a bulk action's result, in Hebrew. */
import { upgradeTitleOf } from '@app/catalog/packages';
import { trackOfType } from '@app/catalog/tracks';
import type { MyAd } from '@app/contract/planExtras';
import type { MyAdsAction, MyAdsBulkResult } from '@app/contract/schemas/myAds';
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

/** The ad as a done action left it: its status, end, days left and allowed actions now (the server's answer). */
export function adAfter(ad: MyAd, r: MyAdsBulkResult | undefined, now = Date.now()): MyAd {
  if (!r?.done || !r.status || r.status === 'deleted') return ad;
  const endsAt = r.endsAt === undefined ? ad.endsAt : r.endsAt;
  const daysLeft = endsAt === null ? null : Math.max(0, Math.ceil((new Date(endsAt).getTime() - now) / 86_400_000));
  return { ...ad, status: r.status, endsAt, daysLeft, actions: r.actions ?? ad.actions };
}

const endFormat = new Intl.DateTimeFormat('he-IL', { day: 'numeric', month: 'numeric', timeZone: 'Asia/Jerusalem' });

/** What a done action says on its ad: a renewal with its new end. */
export function doneText(action: MyAdsAction, r: MyAdsBulkResult): string {
  if (action === 'renew' && r.endsAt) return t.tools.renewedUntil(endFormat.format(new Date(r.endsAt)));
  if (r.status === 'deleted') return t.tools.done.delete;
  return t.tools.done[action];
}
