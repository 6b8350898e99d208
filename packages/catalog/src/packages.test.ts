import { AD_TYPES } from '@app/contract/orders';
import { describe, expect, it } from 'vitest';
import {
  adPackagesOnSale,
  findAdPackage,
  NO_UPGRADE_SALES_CATS,
  PACKAGE_WINDOW_DAYS,
  packageUsableUntil,
  upgradePackagesFor,
} from './packages.ts';
import { AD_PACKAGE_ROWS, UPGRADE_ROWS } from './packagesData.ts';
import { tracksFor } from './tracks.ts';

const HEBREW = /[\u0590-\u05FF]/;

describe('packages: packages of ads and one-ad upgrades, each defined once', () => {
  it('hashes are unique across both kinds and never a track hash; ad types are the contract’s', () => {
    const hashes = [...UPGRADE_ROWS, ...AD_PACKAGE_ROWS].map((r) => r.hash);
    expect(new Set(hashes).size).toBe(hashes.length);
    const trackHashes = new Set([1, 2, 3, 5, 6, 10].flatMap((cat) => tracksFor({ cat }).map((t) => t.hash)));
    expect(hashes.filter((h) => trackHashes.has(h))).toEqual([]);
    for (const r of [...UPGRADE_ROWS, ...AD_PACKAGE_ROWS]) {
      expect(AD_TYPES).toContain(r.adType);
      expect(Number.isInteger(r.priceAgorot) && r.priceAgorot > 0).toBe(true);
      for (const line of [r.title, r.headerText, r.description, r.buttonText, ...r.descriptionInner])
        expect(line).toMatch(HEBREW);
    }
  });

  it('upgrades are the spec’s four upgrade ad types, Premium recommended; packages of ads are track types', () => {
    expect(UPGRADE_ROWS.map((r) => r.adType)).toEqual(['Upgrade', 'UpgradePlus', 'Platinum', 'Premium']);
    expect(
      upgradePackagesFor(1)
        .filter((p) => p.recommended)
        .map((p) => p.adType),
    ).toEqual(['Premium']);
    // A package's ad goes live as a track type (the plan step's fromPackage mode), never as an upgrade type.
    expect(AD_PACKAGE_ROWS.every((r) => ['Bold', 'VIP', 'SUPERGOLD'].includes(r.adType))).toBe(true);
  });

  it('turns a package of ads into a track item: shekels with and without 18% VAT, agorot charged, colour', () => {
    expect(adPackagesOnSale(2).find((p) => p.hash === 're-vip-5')).toMatchObject({
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
    expect(adPackagesOnSale(1).every((p) => p.catId === 1)).toBe(true);
    expect(adPackagesOnSale(1).find((p) => p.adType === 'Bold')?.dealColor).toBe('pink');
    expect(adPackagesOnSale()).toHaveLength(AD_PACKAGE_ROWS.length);
    expect(findAdPackage('b4s-vip-5')?.switchFormType).toBe('Contact');
    expect(findAdPackage('upgrade-premium')).toBeUndefined();
  });

  it('an upgrade item carries no package fields (it is for one ad)', () => {
    const [basic] = upgradePackagesFor(2);
    expect(basic).toMatchObject({ hash: 'upgrade-basic', price: 49, amountAgorot: 4900, dealColor: 'pink', catId: 2 });
    expect(basic?.left).toBeUndefined();
    expect(basic?.switchFormType).toBeUndefined();
  });

  it('offers no upgrade to second-hand SalesCatID 28, 37 and 40 (spec §6)', () => {
    expect([...NO_UPGRADE_SALES_CATS].sort()).toEqual([28, 37, 40]);
    expect(upgradePackagesFor(3, 37)).toEqual([]);
    expect(upgradePackagesFor(3, 28)).toEqual([]);
    expect(upgradePackagesFor(3, 1)).toHaveLength(4);
    expect(upgradePackagesFor(1)).toHaveLength(4);
    expect(upgradePackagesFor(99)).toEqual([]);
  });

  it('keeps a bought package usable for 91 days', () => {
    expect(PACKAGE_WINDOW_DAYS).toBe(91);
    expect(packageUsableUntil(new Date('2026-11-22T10:00:00Z')).toISOString()).toBe('2027-02-21T10:00:00.000Z');
  });
});
