import type { TradeMap } from '@app/contract/auth';
import type { Db } from '../db/db.ts';
import { saveConfirmedPhone } from '../phones/phone-repository.ts';
import { findCustomerByEmail, insertCustomer } from '../repositories/customers.ts';
import { hashPassword } from '../services/passwords.ts';

export interface DemoAccount {
  role: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  trade: TradeMap;
  /** A mobile number already verified for the account, so a developer can publish without the SMS outbox. */
  phone: string;
}

/** Demo accounts for trying the product locally; printed in the start-up log. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    role: 'private advertiser',
    email: 'private@demo.co.il',
    password: 'Demo1234',
    firstName: 'דנה',
    lastName: 'כהן',
    trade: {},
    phone: '0501234567',
  },
  {
    role: 'trader (car dealer, real-estate broker, second-hand business)',
    email: 'trader@demo.co.il',
    password: 'Trader1234',
    firstName: 'יוסי',
    lastName: 'לוי',
    trade: { '1': { '1': 1, '8': 1, '11': 1 }, '2': { '1': 1, '2': 1 }, '3': { '2': 1 } },
    phone: '0521234567',
  },
];

export async function seedDemoAccounts(db: Db): Promise<void> {
  for (const a of DEMO_ACCOUNTS) {
    const customer =
      (await findCustomerByEmail(db, a.email)) ??
      (await insertCustomer(db, {
        email: a.email,
        passwordHash: await hashPassword(a.password),
        firstName: a.firstName,
        lastName: a.lastName,
        trade: a.trade,
      }));
    if (!customer) continue; // registered at the same moment by another process
    // Also for an account seeded before phones existed; a number the developer deactivated stays so.
    const known = await db.query('SELECT 1 FROM customer_phones WHERE customer_id = $1 AND phone = $2', [
      customer.id,
      a.phone,
    ]);
    if (known.length === 0) await saveConfirmedPhone(db, customer.id, a.phone, true, new Date());
  }
}
