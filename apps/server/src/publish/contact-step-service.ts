/**
 * The contact step on the server: the values it is prefilled with (the account and the
 * customer's latest ad), and the rule that an ad's phone numbers are this customer's verified numbers.
 */
import { CONTACT_FIELDS } from '@app/catalog/categories/contact';
import { formatPhone, normalisePhone } from '@app/contract/phones';
import type { WireValues } from '@app/contract/publish';
import type { Customer } from '../accounts/customers-repository.ts';
import { latestValuesWith } from '../ads/ads-repository.ts';
import { he } from '../i18n/messages.ts';
import { type CustomerPhone, listCustomerPhones } from '../phones/phone-repository.ts';
import type { Db } from '../platform/db/db.ts';

const PHONE_IDS = [CONTACT_FIELDS.phone1, CONTACT_FIELDS.phone2] as const;

/**
 * The phone fields of a payload checked against the customer's numbers: a number must be one this customer
 * verified (and has not deactivated); a category trader adds numbers without SMS (spec §4), so theirs pass. The
 * stored form is the formatted number. Returns the field errors (empty when the phones may be saved), and whether
 * the first phone already has its virtual number (what the save's allocation would read again).
 */
export async function checkContactPhones(
  db: Db,
  customerId: number,
  payload: WireValues,
  categoryTrader: boolean,
): Promise<ContactCheck> {
  const entered = PHONE_IDS.some((id) => typeof payload[id] === 'string' && payload[id] !== '');
  return checkPhonesAgainst(entered ? await listCustomerPhones(db, customerId) : [], payload, categoryTrader);
}

export interface ContactCheck {
  errors: Record<string, string>;
  payload: WireValues;
  /** The first phone is a number of this customer's that already has its virtual number. */
  phone1HasVirtual: boolean;
}

/** checkContactPhones against the customer's numbers already read (`own`: listCustomerPhones). */
export function checkPhonesAgainst(
  ownPhones: readonly CustomerPhone[],
  payload: WireValues,
  categoryTrader: boolean,
): ContactCheck {
  const out: Record<string, string | string[]> = { ...payload };
  const errors: Record<string, string> = {};
  const entered = PHONE_IDS.filter((id) => typeof payload[id] === 'string' && payload[id] !== '');
  if (entered.length === 0) return { errors, payload, phone1HasVirtual: false };
  const own = new Map(ownPhones.map((p) => [p.phone, p]));
  const phone1 = normalisePhone(String(payload[CONTACT_FIELDS.phone1] ?? ''));
  const phone1HasVirtual = !!phone1 && !!own.get(phone1)?.virtualPhone;
  for (const id of entered) {
    const phone = normalisePhone(String(payload[id]));
    // The engine already refused a malformed number; nothing more to say about it here.
    if (!phone) continue;
    out[id] = formatPhone(phone);
    if (categoryTrader) continue;
    const known = own.get(phone);
    if (!known) errors[id] = he.phoneNotVerified;
    else if (known.deactivated) errors[id] = he.phoneDeactivated;
  }
  return { errors, payload: out, phone1HasVirtual };
}

/**
 * The contact step's starting values for a logged-in customer: the details of their latest saved ad (the name,
 * the numbers while they are still theirs and active, the choices), else the account's name and main number.
 */
export async function contactPrefill(db: Db, customer: Customer): Promise<WireValues> {
  const phones = await listCustomerPhones(db, customer.id);
  const usable = new Set(phones.filter((p) => !p.deactivated).map((p) => p.phone));
  const last = await latestValuesWith(db, customer.id, CONTACT_FIELDS.phone1);
  const text = (id: string): string => (typeof last[id] === 'string' ? (last[id] as string) : '');
  const stillOwn = (id: string): string => {
    const phone = normalisePhone(text(id));
    return phone && usable.has(phone) ? formatPhone(phone) : '';
  };
  const fullName = `${customer.firstName} ${customer.lastName}`.trim();
  const main = phones.find((p) => p.isMain && !p.deactivated) ?? phones.find((p) => !p.deactivated);
  const values: Record<string, string> = {
    [CONTACT_FIELDS.name]: text(CONTACT_FIELDS.name) || fullName,
    [CONTACT_FIELDS.phone1]: stillOwn(CONTACT_FIELDS.phone1) || (main ? formatPhone(main.phone) : ''),
  };
  const phone2 = stillOwn(CONTACT_FIELDS.phone2);
  if (phone2 && phone2 !== values[CONTACT_FIELDS.phone1]) {
    values[CONTACT_FIELDS.phone2] = phone2;
    values[CONTACT_FIELDS.person2] = text(CONTACT_FIELDS.person2);
  }
  for (const id of [CONTACT_FIELDS.showEmail, CONTACT_FIELDS.weekendCalls]) {
    if (text(id) === '0' || text(id) === '1') values[id] = text(id);
  }
  // The virtual number is not carried over: turning it off is a choice per ad, made with its cancel confirmation
  // (and its 48 h re-enable), never taken silently from another ad.
  // Drop empty entries: an empty value would overwrite what the user already typed in this wizard.
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ''));
}
