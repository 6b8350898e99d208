/**
 * Valid contact-step values for tests (the one place they live): what a whole ad needs in the contact step of
 * every catalogue (contact.ts) besides its own details. The number is the demo accounts' verified mobile
 * (apps/server/src/seed), so an API test logged in as a demo account may save an ad with these values as they are.
 */
import type { Values } from '@app/form-engine/model';
import { CONTACT_FIELDS } from './contact.ts';

/** A mobile number that passes the engine's phone rule (and is verified for the demo accounts). */
export const TEST_PHONE = '050-1234567';

export const CONTACT_TEST_VALUES: Readonly<Record<string, string>> = {
  [CONTACT_FIELDS.name]: 'ישראל ישראלי',
  [CONTACT_FIELDS.phone1]: TEST_PHONE,
};

/** The values with the contact step filled in (a copy; the caller's own keys win). */
export const withContact = (values: Values): Values => ({ ...CONTACT_TEST_VALUES, ...values });
