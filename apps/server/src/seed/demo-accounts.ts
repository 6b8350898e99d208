import type { TradeMap } from '@app/contract/auth';
import type { AdType } from '@app/contract/orders';
import { findCustomerByEmail, insertCustomer } from '../accounts/customers-repository.ts';
import { hashPassword } from '../accounts/passwords.ts';
import { isPhoneConfirmed, saveConfirmedPhone } from '../phones/phone-repository.ts';
import { insertCustomerPackage, packagesOfCustomer } from '../plans/customer-packages-repository.ts';
import type { Db } from '../platform/db/db.ts';

export interface DemoAccount {
  role: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  trade: TradeMap;
  /** A mobile number already verified for the account, so a developer can publish without the SMS outbox. */
  phone: string;
  /** A package of ads the account holds (the plan step's fromPackage mode). */
  package?: { cat: number; adType: AdType; hash: string; adsTotal: number };
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
    package: { cat: 1, adType: 'Bold', hash: 'car-bold-10', adsTotal: 10 },
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
    if (!(await isPhoneConfirmed(db, customer.id, a.phone))) {
      await saveConfirmedPhone(db, customer.id, a.phone, true, new Date());
    }
    // The car dealer holds a package of 10 Bold car ads, so the plan step's fromPackage mode is there to try
    // (once: a package used up or past its 91 days stays so, as a real one would).
    if (a.package) {
      const held = await packagesOfCustomer(db, customer.id);
      if (!held.some((p) => p.hash === a.package?.hash))
        await insertCustomerPackage(db, { customerId: customer.id, ...a.package, boughtAt: new Date() });
    }
  }
}
