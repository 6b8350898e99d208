/**
 * The two kinds of package (after-save-area.md §3 "Order type (track) item", §4 "Packages page", §7, §9), each
 * defined here once; packages.ts turns them into the spec's OrderTypeItem.
 *
 * - AD_PACKAGE_ROWS: packages of ads for traders — `ads` ads of one track type (VIP, Bold) in one category, each
 *   live `days`, usable within 91 days of buying. Bought on /packages (payment, or for the large ones the
 *   buy-package contact form: switchFormType Contact) and used from the plan step's fromPackage mode.
 * - UPGRADE_ROWS: one-ad upgrades (ad types Upgrade, UpgradePlus, Platinum, Premium; Premium recommended) for an
 *   ad already published, listed by {gateway}/packages/personal/{adId}.
 * Prices in agorot, VAT included. The rows are data/packages.json (its schema: data/schemas/packages.schema.json);
 * hashes are unique across both lists (a unit test checks).
 */
import type { AdType } from '@app/contract/orders';
import data from '../data/packages.json' with { type: 'json' };

interface PackageRowBase {
  hash: string;
  adType: AdType;
  orderType: number;
  /** Days each ad is live. */
  days: number;
  priceAgorot: number;
  title: string;
  headerText: string;
  description: string;
  descriptionInner: readonly string[];
  buttonText: string;
  recommended?: boolean;
}

/** A package of several ads of one type in one category. */
export interface AdPackageRow extends PackageRowBase {
  catId: number;
  ads: number;
  switchFormType: 'Contact' | 'payment';
  iscommercial?: boolean;
  isbusinessforsale?: boolean;
}

/** A one-ad upgrade, offered in the categories `cats`. */
export interface UpgradeRow extends PackageRowBase {
  adType: 'Upgrade' | 'UpgradePlus' | 'Platinum' | 'Premium';
  cats: readonly number[];
}

export const UPGRADE_ROWS = data.upgrades as readonly UpgradeRow[];

export const AD_PACKAGE_ROWS = data.adPackages as readonly AdPackageRow[];
