/**
 * The demo operator (with SEED_DEMO): an admin of the console at /operator, its password and its authenticator
 * secret printed at start beside the demo accounts, so the console can be tried locally (add the secret to any
 * authenticator app, or read the current code from the start-up line's secret with one).
 */
import { hashPassword } from '../accounts/passwords.ts';
import { enableTotp, findStaffByEmail, insertStaff } from '../operator/staff-repository.ts';
import type { Db } from '../platform/db/db.ts';

export const DEMO_OPERATOR = {
  email: 'operator@demo.co.il',
  name: 'מפעיל הדגמה',
  role: 'admin',
  password: 'Operator123',
  /** Base32, as authenticator apps take it. */
  totpSecret: 'KRUGS4ZANFZSAYJAMRSW233POBSXEYLUN5ZA',
} as const;

export async function seedDemoOperator(db: Db, now: Date): Promise<void> {
  // Once: the password's hash (Argon2id) is not worked out again at every start.
  if (await findStaffByEmail(db, DEMO_OPERATOR.email)) return;
  const { email, name, role } = DEMO_OPERATOR;
  const staff = await insertStaff(
    db,
    { email, name, role, passwordHash: await hashPassword(DEMO_OPERATOR.password) },
    now,
  );
  await enableTotp(db, staff.id, DEMO_OPERATOR.totpSecret);
}
