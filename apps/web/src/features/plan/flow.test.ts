import type { OrderTypeItem } from '@app/contract/orders';
import { describe, expect, it } from 'vitest';
import {
  cardPopupHeight,
  finishAreaPath,
  paymentChannels,
  shouldPoll,
  type TrackContext,
  trackAction,
  trialEndDate,
} from './flow.ts';

const track = (over: Partial<OrderTypeItem> = {}): OrderTypeItem => ({
  adType: 'Bold',
  headerText: 'מודגשת',
  description_inner: [],
  price: 89,
  priceNotTax: 75.42,
  amountAgorot: 8900,
  days: 28,
  giftedDays: 0,
  iscommercial: false,
  isbusinessforsale: false,
  order_subscribe: 0,
  orderType: 2,
  hash: 'bold-28',
  title: '',
  description: '',
  buttonText: 'בחירה',
  dealColor: 'pink',
  catId: 1,
  ...over,
});
const free = track({ adType: 'Free', price: 0, priceNotTax: 0, amountAgorot: 0, orderType: 1, dealColor: 'grey' });
const context = (over: Partial<TrackContext> = {}): TrackContext => ({
  mode: 'tracks',
  busy: false,
  appWithoutUpgrade: false,
  ...over,
});

describe('trackAction', () => {
  it('finishes a free track and pays for a paid one', () => {
    expect(trackAction(free, context())).toEqual({ kind: 'free' });
    expect(trackAction(track(), context())).toEqual({ kind: 'pay' });
  });

  it('opens the commercial agreement for commercial and business-for-sale tracks', () => {
    expect(trackAction(track({ iscommercial: true }), context())).toEqual({ kind: 'commercial' });
    expect(trackAction(track({ isbusinessforsale: true }), context({ mode: 'businessForSale' }))).toEqual({
      kind: 'commercial',
    });
  });

  it('offers the free trial first for EasyStart', () => {
    const easy = track({
      adType: 'EasyStart',
      easyStart: { days: 7, price: 0, adType: 'EasyStart', easyStartParentPkg: { adType: 'VIP', days: 28 } },
    });
    expect(trackAction(easy, context())).toEqual({ kind: 'easyStart' });
  });

  it('tells the native app instead of paying when upgrade is disabled there (free still finishes)', () => {
    expect(trackAction(track(), context({ appWithoutUpgrade: true }))).toEqual({ kind: 'nativeApp' });
    expect(trackAction(free, context({ appWithoutUpgrade: true }))).toEqual({ kind: 'free' });
  });

  it('blocks every button while publishing, and a package with no ads left', () => {
    expect(trackAction(free, context({ busy: true }))).toEqual({ kind: 'blocked' });
    expect(trackAction(track({ left: 0 }), context({ mode: 'fromPackage' }))).toEqual({ kind: 'blocked' });
    expect(trackAction(track({ left: 3 }), context({ mode: 'fromPackage' }))).toEqual({ kind: 'usePackage' });
  });

  it('buys a package through the contact form or payment', () => {
    const mode = context({ mode: 'buyPackage' });
    expect(trackAction(track({ switchFormType: 'Contact' }), mode)).toEqual({ kind: 'buyPackage', through: 'contact' });
    expect(trackAction(track({ switchFormType: 'payment' }), mode)).toEqual({ kind: 'buyPackage', through: 'payment' });
  });
});

describe('payment choices and offers', () => {
  it('hides the mobile-payment app for EasyStart', () => {
    expect(paymentChannels(track(), false)).toEqual(['creditCard', 'bit']);
    expect(paymentChannels(track(), true)).toEqual(['creditCard']);
    expect(paymentChannels(track({ adType: 'EasyStart' }), false)).toEqual(['creditCard']);
  });

  it('ends the trial today plus its days, dd/mm/yyyy', () => {
    expect(trialEndDate(new Date(2026, 10, 24, 23, 30), 7)).toBe('01/12/2026');
    expect(trialEndDate(new Date(2026, 11, 28), 7)).toBe('04/01/2027');
  });

  it('sizes the card popup 700 high, 660 for the trial', () => {
    expect(cardPopupHeight(false)).toBe(700);
    expect(cardPopupHeight(true)).toBe(660);
  });

  it('goes to the finish area with the query minus step, plus OrderID', () => {
    const query = new URLSearchParams('cat=1&subcat=1&step=6&OrderIDs=5');
    expect(finishAreaPath(query, 5)).toBe('/finishArea?cat=1&subcat=1&OrderIDs=5&OrderID=5');
    expect(finishAreaPath(query, 5, { result: 'failure' })).toContain('result=failure');
  });
});

describe('the finish page timeline', () => {
  it('asks again while the ad can still move, and stops once final', () => {
    for (const state of ['awaitingPayment', 'paid', 'pending'] as const) expect(shouldPoll(state, 1)).toBe(true);
    for (const state of ['active', 'blocked', 'expired', 'outOfSlots'] as const)
      expect(shouldPoll(state, 1)).toBe(false);
    expect(shouldPoll('pending', 75)).toBe(false);
  });
});
