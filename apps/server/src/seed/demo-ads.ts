/**
 * The demo board (with SEED_DEMO and SEED_DEMO_ADS): a modest, fixed set of live ads across the families, owned by
 * one demo seller of their own (not the demo accounts, whose "my ads" stay empty), so `npm start` shows populated
 * boards: VIP, highlighted and plain cards, several makes, cities and areas, a price left out. Published over the
 * last days before the start, each live for 30 days from the start. Safe at every start: while the seller has a
 * live ad nothing is added; once all have ended, the set is published again.
 */
import { CAT, SUBCAT } from '@app/catalog/categories/ids';
import { findCustomerByEmail, insertCustomer } from '../accounts/customers-repository.ts';
import { hashPassword } from '../accounts/passwords.ts';
import { adTitleWordsOf } from '../ads/ad-title.ts';
import type { Db } from '../platform/db/db.ts';
import { countLiveAdsOf, type DemoAdRow, insertLiveAds } from './demo-ads-repository.ts';

export const DEMO_SELLER = {
  email: 'seller@demo.co.il',
  password: 'Seller1234',
  firstName: 'נועה',
  lastName: 'ברק',
} as const;

interface DemoAd {
  selectors: Record<string, string>;
  values: Record<string, string>;
  adType: string;
  /** Hours before the start it was published. */
  hoursAgo: number;
}

const car = (manufacturer: string, model: string, year: string, price: string, description: string) => ({
  manufacturer,
  model,
  year,
  km: '60000',
  hand: '1',
  price,
  description,
});
const home = (city: string, type: string, rooms: string, price: string, description: string) => ({
  city,
  HomeTypeID: type,
  rooms,
  sqmBuilt: String(Number(rooms) * 25),
  price,
  description,
});

const cars = { cat: String(CAT.vehicles), subcat: String(SUBCAT.vehiclesPrivate) };
const sale = { cat: String(CAT.realEstate), subcat: String(SUBCAT.realEstateSale) };
const rent = { cat: String(CAT.realEstate), subcat: String(SUBCAT.realEstateRent) };
const goods = { cat: String(CAT.secondHand), subcat: '0', SalesCatID: '0' };

export const DEMO_ADS: readonly DemoAd[] = [
  {
    selectors: cars,
    values: car('1', '101', '2020', '89000', 'קורולה היברידית שמורה, יד ראשונה, טסט לשנה'),
    adType: 'VIP',
    hoursAgo: 5,
  },
  {
    selectors: cars,
    values: car('1', '102', '2018', '52000', 'יאריס חסכונית לעיר, טיפולים במוסך מורשה'),
    adType: 'Bold',
    hoursAgo: 9,
  },
  { selectors: cars, values: car('19', '', '2019', '', 'אאודי מטופלת, מחיר בטלפון'), adType: 'Free', hoursAgo: 3 },
  {
    selectors: cars,
    values: car('23', '', '2016', '38000', 'אופל שמורה, מזגן מפוצל, צמיגים חדשים'),
    adType: 'Free',
    hoursAgo: 30,
  },
  {
    selectors: cars,
    values: car('17', '', '2021', '145000', 'ב.מ.וו במצב מצוין, שירות מלא ביבואן'),
    adType: 'Free',
    hoursAgo: 50,
  },
  {
    selectors: sale,
    values: home('5000', '1', '4', '3650000', 'דירה מוארת עם מרפסת שמש ומעלית, קרובה לפארק'),
    adType: 'VIP',
    hoursAgo: 8,
  },
  {
    selectors: sale,
    values: home('3000', '2', '5', '4200000', 'דירת גן עם חצר גדולה, שכונה שקטה'),
    adType: 'Upgrade',
    hoursAgo: 20,
  },
  {
    selectors: sale,
    values: home('4000', '1', '3', '1450000', 'דירה משופצת עם נוף לים, חניה ומחסן'),
    adType: 'Free',
    hoursAgo: 2,
  },
  {
    selectors: rent,
    values: home('5000', '6', '1', '5200', 'סטודיו מרוהט ליד הים, כניסה מיידית'),
    adType: 'Free',
    hoursAgo: 4,
  },
  {
    selectors: rent,
    values: home('8300', '1', '3', '6100', 'דירה מרווחת עם מרפסת, מתאימה למשפחה'),
    adType: 'Bold',
    hoursAgo: 26,
  },
  {
    selectors: goods,
    values: {
      salesCatID: '1',
      title: 'ספה תלת מושבית אפורה',
      '6727': '2',
      area: '3',
      price: '1200',
      description: 'ספה נוחה בבד אפור, נמכרת בגלל מעבר דירה',
    },
    adType: 'Bold',
    hoursAgo: 6,
  },
  {
    selectors: goods,
    values: {
      salesCatID: '2',
      title: 'מקרר מקפיא תחתון',
      '6727': '3',
      area: '5',
      price: '900',
      description: 'מקרר שקט וחסכוני, עובד מצוין',
    },
    adType: 'Free',
    hoursAgo: 12,
  },
  {
    selectors: goods,
    values: {
      salesCatID: '4',
      title: 'מחשב נייד ללימודים',
      '6727': '2',
      area: '1',
      price: '',
      description: 'מחשב נייד קל עם מטען מקורי',
    },
    adType: 'Free',
    hoursAgo: 40,
  },
  {
    selectors: { cat: String(CAT.pets), petType: '1' },
    values: {
      petType: '1',
      breed: '1001',
      sex: '2',
      area: '4',
      price: '2500',
      description: 'גורת לברדור מתוקה, מחוסנת ומשובבת',
    },
    adType: 'VIP',
    hoursAgo: 7,
  },
  {
    selectors: { cat: String(CAT.pets), petType: '2' },
    values: { petType: '2', sex: '1', area: '2', price: '', description: 'חתול רגוע מחפש בית חם, למסירה' },
    adType: 'Free',
    hoursAgo: 15,
  },
  {
    selectors: { cat: String(CAT.studies), subcat: '1' },
    values: { subject: '101', area: '6', price: '150', description: 'מורה למתמטיקה, הכנה לבגרות חמש יחידות' },
    adType: 'Upgrade',
    hoursAgo: 11,
  },
  {
    selectors: { cat: String(CAT.tourism), subcat: '1' },
    values: {
      unitType: '101',
      region: '1',
      settlement: 'ראש פינה',
      priceMidweek: '900',
      description: 'צימר רומנטי עם ג׳קוזי ונוף לחרמון',
    },
    adType: 'VIP',
    hoursAgo: 14,
  },
  {
    selectors: { cat: String(CAT.householdWorkers), subcat: '1' },
    values: { jobType: '1', area: '3', hourlyRate: '55', description: 'מטפלת חמה ואחראית עם ניסיון של שמונה שנים' },
    adType: 'Free',
    hoursAgo: 22,
  },
  {
    selectors: { cat: String(CAT.customerInfo) },
    values: { businessName: 'גינון ירוק', businessField: '5', area: '4', description: 'גינון ותחזוקת גינות בשרון' },
    adType: 'Free',
    hoursAgo: 33,
  },
];

const HOUR = 60 * 60 * 1000;
const LIVE_DAYS = 30;

/** The rows of the set as published before `now`. */
export function demoAdRows(now: Date): DemoAdRow[] {
  return DEMO_ADS.map((ad) => ({
    cat: Number(ad.selectors.cat),
    subcat: ad.selectors.subcat === undefined ? null : Number(ad.selectors.subcat),
    selectors: ad.selectors,
    values: Object.fromEntries(Object.entries(ad.values).filter(([, v]) => v !== '')),
    titleWords: adTitleWordsOf(ad.selectors, ad.values),
    adType: ad.adType,
    publishedAt: new Date(now.getTime() - ad.hoursAgo * HOUR),
    endsAt: new Date(now.getTime() + LIVE_DAYS * 24 * HOUR),
  }));
}

/** Publishes the demo set when its seller has no live ad; answers how many ads it published. */
export async function seedDemoAds(db: Db, now: Date): Promise<number> {
  const seller =
    (await findCustomerByEmail(db, DEMO_SELLER.email)) ??
    (await insertCustomer(db, {
      email: DEMO_SELLER.email,
      passwordHash: await hashPassword(DEMO_SELLER.password),
      firstName: DEMO_SELLER.firstName,
      lastName: DEMO_SELLER.lastName,
      trade: {},
    })) ??
    (await findCustomerByEmail(db, DEMO_SELLER.email));
  if (!seller) return 0;
  if ((await countLiveAdsOf(db, seller.id, now)) > 0) return 0;
  const rows = demoAdRows(now);
  await insertLiveAds(db, seller.id, rows);
  return rows.length;
}
