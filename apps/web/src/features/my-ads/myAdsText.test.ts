import type { MyAd } from '@app/contract/planExtras';
import { describe, expect, it } from 'vitest';
import { hePackages } from '../../shared/i18n/index.ts';
import { adAfter, autoBumpText, doneText, statusText, trackText } from './myAdsText.ts';

const ad = (over: Partial<MyAd>): MyAd => ({
  OrderID: 50000001,
  title: 'טויוטה קורולה 2021',
  cat: 1,
  subcat: 1,
  status: 'active',
  adType: 'VIP',
  endsAt: null,
  awaitingPayment: false,
  refund: null,
  rejection: null,
  daysLeft: 10,
  autoBump: false,
  autoBumpUntil: null,
  thumbnailUrl: null,
  editUrl: '/edit/50000001',
  pageUrl: '/item/50000001',
  publishUrl: null,
  upgradeUrl: '/my-ads?upgrade=50000001',
  easyStart: null,
  actions: [],
  ...over,
});

describe('/my-ads row texts', () => {
  it("names the category's track, a bought one-ad upgrade in Hebrew, and never shows the English ad type", () => {
    expect(trackText(ad({ adType: 'VIP' }))).toBe('מסלול VIP');
    expect(trackText(ad({ adType: 'Premium' }))).toBe('פרימיום');
    expect(trackText(ad({ adType: 'UpgradePlus' }))).toBe('שדרוג פלוס');
    expect(trackText(ad({ adType: null }))).toBe('—');
  });

  it('says until when an auto-bump runs (Israel time), or that none runs', () => {
    expect(autoBumpText(ad({ autoBump: false }))).toBe('ללא הקפצה אוטומטית');
    expect(autoBumpText(ad({ autoBump: true, autoBumpUntil: '2026-12-01T12:00:00.000Z' }))).toMatch(
      /^הקפצה אוטומטית פעילה עד 1\.12(\.|,)? ?,? ?14:00$/,
    );
    expect(autoBumpText(ad({ autoBump: true, autoBumpUntil: null }))).toBe('הקפצה אוטומטית פעילה');
  });

  it('a draft whose payment was started waits for payment', () => {
    expect(statusText(ad({ status: 'draft', awaitingPayment: true }))).toBe('ממתינה לתשלום');
    expect(statusText(ad({ status: 'draft' }))).toBe('טיוטה');
  });
});

describe("a bulk action's result on its ad", () => {
  const now = Date.UTC(2026, 11, 3, 10);
  it('takes the status, end, days left and actions the server answered; a refused or deleted ad stays as it was', () => {
    const ended = ad({ status: 'expired', adType: 'Free', daysLeft: 0, actions: ['renew', 'delete'] });
    const endsAt = new Date(now + 28 * 86_400_000).toISOString();
    const renewed = { OrderID: 50000001, done: true, status: 'active' as const, endsAt, actions: ['hide' as const] };
    expect(adAfter(ended, renewed, now)).toEqual({
      ...ended,
      status: 'active',
      endsAt,
      daysLeft: 28,
      actions: ['hide'],
    });
    const refused = { OrderID: 50000001, done: false, reason: 'לא' };
    expect(adAfter(ended, refused, now)).toBe(ended);
    expect(adAfter(ended, { OrderID: 50000001, done: true, status: 'deleted' }, now)).toBe(ended);
  });

  it('says what was done: a bump, a renewal with its new end (Israel time), a deletion', () => {
    expect(doneText('bump', { OrderID: 1, done: true, status: 'active' })).toBe('המודעה הוקפצה לראש הלוח');
    expect(doneText('renew', { OrderID: 1, done: true, status: 'active', endsAt: '2026-12-31T22:30:00Z' })).toBe(
      'המודעה חודשה עד 1.1',
    );
    expect(doneText('delete', { OrderID: 1, done: true, status: 'deleted' })).toBe('המודעה נמחקה');
  });

  it('sums up in Hebrew, one ad in words', () => {
    const { summary } = hePackages.myAds.tools;
    expect(summary(3, 0)).toBe('הפעולה בוצעה ב-3 מודעות.');
    expect(summary(1, 0)).toBe('הפעולה בוצעה במודעה אחת.');
    expect(summary(2, 1)).toBe('הפעולה בוצעה ב-2 מודעות, ומודעה אחת לא עודכנה.');
    expect(summary(0, 4)).toBe('אף אחת מהמודעות לא עודכנה.');
    expect(summary(0, 1)).toBe('המודעה לא עודכנה.');
  });
});
