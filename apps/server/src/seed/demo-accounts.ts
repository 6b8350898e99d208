import type { TradeMap } from '@app/contract/auth';
import type { Db } from '../db/db.ts';
import { findCustomerByEmail, insertCustomer } from '../repositories/customers.ts';
import { hashPassword } from '../services/passwords.ts';

export interface DemoAccount {
  role: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  trade: TradeMap;
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
  },
  {
    role: 'trader (car dealer, real-estate broker, second-hand business)',
    email: 'trader@demo.co.il',
    password: 'Trader1234',
    firstName: 'יוסי',
    lastName: 'לוי',
    trade: { '1': { '1': 1, '8': 1, '11': 1 }, '2': { '1': 1, '2': 1 }, '3': { '2': 1 } },
  },
];

export async function seedDemoAccounts(db: Db): Promise<void> {
  for (const a of DEMO_ACCOUNTS) {
    if (await findCustomerByEmail(db, a.email)) continue;
    await insertCustomer(db, {
      email: a.email,
      passwordHash: await hashPassword(a.password),
      firstName: a.firstName,
      lastName: a.lastName,
      trade: a.trade,
    });
  }
}
