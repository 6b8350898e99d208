/**
 * The console's first admin in production: while no staff account exists, the configured e-mail
 * (OPERATOR_ADMIN_EMAIL) gets an admin account without a password and a one-time setup link, which start-up prints.
 */
import type { Db } from '../platform/db/db.ts';
import { countStaff, insertStaff, setSetupToken } from './staff-repository.ts';
import { SETUP_LINK_MS } from './staff-service.ts';

/** The setup link's token, or null when staff accounts exist already. */
export async function createFirstAdmin(db: Db, email: string, now: Date): Promise<string | null> {
  if ((await countStaff(db)) > 0) return null;
  const staff = await insertStaff(db, { email, name: 'מנהל המערכת', role: 'admin', passwordHash: null }, now);
  return setSetupToken(db, staff.id, new Date(now.getTime() + SETUP_LINK_MS));
}
