import type { MyAd } from '@app/contract/planExtras';
import { describe, expect, it } from 'vitest';
import { autoBumpText, statusText, trackText } from './myAdsText.ts';

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
