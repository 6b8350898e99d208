import { describe, expect, it } from 'vitest';
import {
  PACKAGE_OFFERS,
  packagesOnSale,
  packageUsableUntil,
  toOrderTypeItem,
  upgradePackagesFor,
} from './package-offers.ts';

describe('package offers', () => {
  it('loads the checked data: unique hashes, upgrades and multi-ad packages', () => {
    const hashes = [...PACKAGE_OFFERS.upgrades, ...PACKAGE_OFFERS.bulk].map((o) => o.hash);
    expect(new Set(hashes).size).toBe(hashes.length);
    expect(PACKAGE_OFFERS.upgrades.map((o) => o.adType)).toEqual(['Upgrade', 'UpgradePlus', 'Platinum', 'Premium']);
  });

  it('turns an offer into a track item: shekels with and without 18% VAT, agorot charged, colour by order type', () => {
    const offer = PACKAGE_OFFERS.bulk.find((o) => o.hash === 're-vip-5');
    if (!offer) throw new Error('re-vip-5 missing');
    expect(toOrderTypeItem(offer, 2)).toMatchObject({
      price: 549,
      priceNotTax: 465.25,
      amountAgorot: 54900,
      dealColor: 'yellow',
      left: 5,
      switchFormType: 'payment',
      text: '5 מודעות, לניצול עד 91 יום מהרכישה',
      catId: 2,
      order_subscribe: 0,
    });
    expect(packagesOnSale(1).every((p) => p.catId === 1)).toBe(true);
    expect(packagesOnSale(1).find((p) => p.adType === 'Bold')?.dealColor).toBe('pink');
  });

  it('offers no upgrade to second-hand SalesCatID 28, 37 and 40 (spec §6)', () => {
    expect(upgradePackagesFor(3, 37)).toEqual([]);
    expect(upgradePackagesFor(3, 28)).toEqual([]);
    expect(upgradePackagesFor(3, 1)).toHaveLength(4);
    expect(upgradePackagesFor(1)).toHaveLength(4);
    expect(upgradePackagesFor(99)).toEqual([]);
  });

  it('keeps a bought package usable for 91 days', () => {
    expect(packageUsableUntil(new Date('2026-11-22T10:00:00Z')).toISOString()).toBe('2027-02-21T10:00:00.000Z');
  });
});
