/**
 * Real-estate broker accounts for the lead flow (after-save-area.md §3 "Broker", §4 "Broker lead flow"): demo
 * customers with the real-estate broker trade (sale, rent, commercial) and an office in a real city (CBS locality
 * codes of the seeded localities: Tel Aviv-Yafo 5000, Jerusalem 3000, Haifa 4000, Ramat Gan 8600, Be'er Sheva
 * 9000). Seeded with the demo accounts (SEED_DEMO); the office names are invented. No logo asset is shipped yet,
 * so office_logo_url is null (the popup shows the office name).
 */
import type { TradeMap } from '@app/contract/auth';
import { findCustomerByEmail, insertCustomer } from '../accounts/customers-repository.ts';
import { hashPassword } from '../accounts/passwords.ts';
import { upsertBrokerOffice } from '../plans/brokers-repository.ts';
import type { Db } from '../platform/db/db.ts';

export interface BrokerAccount {
  email: string;
  firstName: string;
  lastName: string;
  officeName: string;
  cityCode: number;
}

/** Every broker logs in with this password (a demo account, printed nowhere else). */
export const BROKER_PASSWORD = 'Broker1234';
/** The real-estate broker trade: apartments for sale (1), for rent (2) and commercial real estate (4). */
export const BROKER_TRADE: TradeMap = { '2': { '1': 1, '2': 1, '4': 1 } };

export const BROKER_ACCOUNTS: readonly BrokerAccount[] = [
  {
    email: 'broker.yarkon@demo.co.il',
    firstName: 'רונית',
    lastName: 'אברהם',
    officeName: 'ירקון נכסים',
    cityCode: 5000,
  },
  {
    email: 'broker.dizengoff@demo.co.il',
    firstName: 'אבי',
    lastName: 'מזרחי',
    officeName: 'דיזנגוף תיווך',
    cityCode: 5000,
  },
  {
    email: 'broker.yafo@demo.co.il',
    firstName: 'סאמר',
    lastName: 'חורי',
    officeName: 'יפו העתיקה נדל"ן',
    cityCode: 5000,
  },
  { email: 'broker.rehavia@demo.co.il', firstName: 'מיכל', lastName: 'פרץ', officeName: 'רחביה נכסים', cityCode: 3000 },
  {
    email: 'broker.carmel@demo.co.il',
    firstName: 'עומר',
    lastName: 'שחר',
    officeName: 'כרמל תיווך ונכסים',
    cityCode: 4000,
  },
  { email: 'broker.bursa@demo.co.il', firstName: 'שירן', lastName: 'דוד', officeName: 'הבורסה נדל"ן', cityCode: 8600 },
  { email: 'broker.negev@demo.co.il', firstName: 'יעקב', lastName: 'אלון', officeName: 'נגב נכסים', cityCode: 9000 },
];

/** Creates the broker accounts and offices that are missing (safe to run at every start). */
export async function seedBrokers(db: Db): Promise<number[]> {
  const ids: number[] = [];
  let hash: string | undefined;
  for (const b of BROKER_ACCOUNTS) {
    let customer = await findCustomerByEmail(db, b.email);
    if (!customer) {
      hash ??= await hashPassword(BROKER_PASSWORD);
      customer =
        (await insertCustomer(db, {
          email: b.email,
          passwordHash: hash,
          firstName: b.firstName,
          lastName: b.lastName,
          trade: BROKER_TRADE,
        })) ?? (await findCustomerByEmail(db, b.email));
    }
    if (!customer) continue;
    await upsertBrokerOffice(db, {
      customerId: customer.id,
      officeName: b.officeName,
      officeLogoUrl: null,
      cityCode: b.cityCode,
    });
    ids.push(customer.id);
  }
  return ids;
}
