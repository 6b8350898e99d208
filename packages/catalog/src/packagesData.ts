/**
 * The two kinds of package (after-save-area.md §3 "Order type (track) item", §4 "Packages page", §7, §9), each
 * defined here once; packages.ts turns them into the spec's OrderTypeItem.
 *
 * - AD_PACKAGE_ROWS: packages of ads for traders — `ads` ads of one track type (VIP, Bold) in one category, each
 *   live `days`, usable within 91 days of buying. Bought on /packages (payment, or for the large ones the
 *   buy-package contact form: switchFormType Contact) and used from the plan step's fromPackage mode.
 * - UPGRADE_ROWS: one-ad upgrades (ad types Upgrade, UpgradePlus, Platinum, Premium; Premium recommended) for an
 *   ad already published, listed by {gateway}/packages/personal/{adId}.
 * Prices in agorot, VAT included. Hashes are unique across both lists (a unit test checks).
 */
import type { AdType } from '@app/contract/orders';

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

const UPGRADE_CATS = [1, 2, 3, 5, 6] as const;
const WINDOW_LINE = 'ניצול המודעות עד 91 יום מהרכישה';

export const UPGRADE_ROWS: readonly UpgradeRow[] = [
  {
    hash: 'upgrade-basic',
    adType: 'Upgrade',
    orderType: 2,
    days: 14,
    priceAgorot: 4900,
    cats: UPGRADE_CATS,
    title: 'שדרוג',
    headerText: 'שדרוג המודעה',
    description: 'המודעה מוקפצת ומודגשת בצבע ורוד למשך 14 יום',
    descriptionInner: ['הדגשה בצבע ורוד', 'הקפצה אחת לראש הרשימה', '14 ימי פרסום'],
    buttonText: 'לשדרוג',
  },
  {
    hash: 'upgrade-plus',
    adType: 'UpgradePlus',
    orderType: 3,
    days: 21,
    priceAgorot: 7900,
    cats: UPGRADE_CATS,
    title: 'שדרוג פלוס',
    headerText: 'שדרוג פלוס',
    description: 'המודעה מודגשת בצהוב ומוקפצת פעמיים למשך 21 יום',
    descriptionInner: ['הדגשה בצבע צהוב', 'שתי הקפצות לראש הרשימה', '21 ימי פרסום'],
    buttonText: 'לשדרוג',
  },
  {
    hash: 'upgrade-platinum',
    adType: 'Platinum',
    orderType: 4,
    days: 28,
    priceAgorot: 11900,
    cats: UPGRADE_CATS,
    title: 'פלטינום',
    headerText: 'פלטינום',
    description: 'מקום בולט בראש תוצאות החיפוש והקפצה יומית למשך 28 יום',
    descriptionInner: ['מקום בולט בראש תוצאות החיפוש', 'הקפצה אוטומטית כל יום', '28 ימי פרסום'],
    buttonText: 'לשדרוג',
  },
  {
    hash: 'upgrade-premium',
    adType: 'Premium',
    orderType: 5,
    days: 28,
    priceAgorot: 15900,
    cats: UPGRADE_CATS,
    recommended: true,
    title: 'פרימיום',
    headerText: 'פרימיום - מומלץ',
    description: 'החשיפה הגבוהה ביותר: מודעה מובלטת בראש הרשימה, הקפצה כל 4 שעות ותמונות גדולות',
    descriptionInner: ['מודעה מובלטת בראש הרשימה', 'הקפצה אוטומטית כל 4 שעות', 'תמונות גדולות ברשימה', '28 ימי פרסום'],
    buttonText: 'לשדרוג',
  },
];

export const AD_PACKAGE_ROWS: readonly AdPackageRow[] = [
  {
    hash: 're-vip-5',
    catId: 2,
    adType: 'VIP',
    orderType: 3,
    ads: 5,
    days: 28,
    priceAgorot: 54900,
    switchFormType: 'payment',
    title: 'חבילת 5 מודעות VIP בנדל"ן',
    headerText: '5 מודעות VIP',
    description: 'חמש מודעות VIP לדירות למכירה או להשכרה',
    descriptionInner: ['5 מודעות VIP', '28 ימי פרסום לכל מודעה', WINDOW_LINE],
    buttonText: 'לרכישה',
  },
  {
    hash: 're-vip-20',
    catId: 2,
    adType: 'VIP',
    orderType: 3,
    ads: 20,
    days: 28,
    priceAgorot: 179900,
    switchFormType: 'Contact',
    title: 'חבילת 20 מודעות VIP למשרדי תיווך',
    headerText: '20 מודעות VIP',
    description: 'חבילה למשרדי תיווך: נציג המכירות יחזור אליכם עם הצעה',
    descriptionInner: ['20 מודעות VIP', '28 ימי פרסום לכל מודעה', WINDOW_LINE, 'ליווי של נציג אישי'],
    buttonText: 'לפרטים נוספים',
  },
  {
    hash: 'car-bold-10',
    catId: 1,
    adType: 'Bold',
    orderType: 2,
    ads: 10,
    days: 28,
    priceAgorot: 39000,
    switchFormType: 'payment',
    title: 'חבילת 10 מודעות מודגשות ברכב',
    headerText: '10 מודעות מודגשות',
    description: 'עשר מודעות רכב מודגשות בצבע ורוד',
    descriptionInner: ['10 מודעות מודגשות', '28 ימי פרסום לכל מודעה', WINDOW_LINE],
    buttonText: 'לרכישה',
  },
  {
    hash: 'car-vip-30',
    catId: 1,
    adType: 'VIP',
    orderType: 3,
    ads: 30,
    days: 28,
    priceAgorot: 249000,
    switchFormType: 'Contact',
    title: 'חבילת 30 מודעות VIP לסוחרי רכב',
    headerText: '30 מודעות VIP',
    description: 'חבילה לסוחרי רכב: נציג המכירות יחזור אליכם עם הצעה',
    descriptionInner: ['30 מודעות VIP', '28 ימי פרסום לכל מודעה', WINDOW_LINE, 'ליווי של נציג אישי'],
    buttonText: 'לפרטים נוספים',
  },
  {
    hash: 'sh-bold-10',
    catId: 3,
    adType: 'Bold',
    orderType: 2,
    ads: 10,
    days: 28,
    priceAgorot: 14900,
    switchFormType: 'payment',
    title: 'חבילת 10 מודעות מודגשות ביד שניה',
    headerText: '10 מודעות מודגשות',
    description: 'עשר מודעות יד שניה מודגשות בצבע ורוד',
    descriptionInner: ['10 מודעות מודגשות', '28 ימי פרסום לכל מודעה', WINDOW_LINE],
    buttonText: 'לרכישה',
  },
  {
    hash: 'b4s-vip-5',
    catId: 3,
    adType: 'VIP',
    orderType: 3,
    ads: 5,
    days: 28,
    priceAgorot: 99000,
    switchFormType: 'Contact',
    isbusinessforsale: true,
    iscommercial: true,
    title: 'חבילת עסקים למכירה',
    headerText: '5 מודעות עסק למכירה',
    description: 'כדי לפרסם מודעת עסק יש לרכוש חבילה: חשיפה גדולה יותר, הקפצה יומית אוטומטית ופרסום ממוקד',
    descriptionInner: ['חשיפה גדולה יותר', 'הקפצה יומית אוטומטית של כל המודעות בחבילה', 'פרסום ממוקד', WINDOW_LINE],
    buttonText: 'לפרטים נוספים',
  },
];
