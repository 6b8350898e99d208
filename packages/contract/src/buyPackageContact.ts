/**
 * The buy-package contact form (after-save-area.md §3 "Contact form (buy package)", §5 first rule): full name
 * required, a phone in one of the Israeli formats, an e-mail address. Each failing field gets
 * 'שדה {label} אינו תקני'. Pure, so the browser and finish-publish's contact-form variant decide alike.
 */

export const BUY_PACKAGE_CONTACT_LABELS = {
  contactus_fullName: 'שם מלא',
  contactus_phone: 'טלפון',
  contactus_email: 'דוא"ל',
} as const;
export type BuyPackageContactField = keyof typeof BUY_PACKAGE_CONTACT_LABELS;

/** The spec's text for a failing contact field, verbatim. */
export const invalidContactField = (label: string): string => `שדה ${label} אינו תקני`;

/** The spec's Israeli phone formats, after spaces are dropped and one hyphen is removed. */
const PHONE_FORMATS: readonly RegExp[] = [
  /^\*\d{4}$/, // asterisk short numbers (*2421)
  /^0[2-489]\d{7}$/, // landline: area code 02-04, 08-09 and 7 digits
  /^1(599|700|800|801|900)\d{6}$/, // special numbers 1-599, 1-700, 1-800, 1-801, 1-900
  /^05\d{8}$/, // cellular 05x
  /^07\d{8}$/, // the newer 07x numbers
];

/** Whether a contact phone matches one of the formats (special numbers may keep their 1-800-123-456 dashes). */
export function isContactPhone(input: unknown): boolean {
  if (typeof input !== 'string') return false;
  const s = input.replace(/\s/g, '');
  if (/^1-?(599|700|800|801|900)-?\d{3}-?\d{3}$/.test(s)) return true;
  const oneHyphenRemoved = s.replace('-', '');
  return PHONE_FORMATS.some((re) => re.test(oneHyphenRemoved));
}

/** A standard e-mail pattern: local part, @, a domain with a dot; no spaces. */
export function isContactEmail(input: unknown): boolean {
  return typeof input === 'string' && input.length <= 254 && /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(input.trim());
}

/**
 * The form's field errors: field name to 'שדה {label} אינו תקני' for each failing field; an empty object when the
 * form may be sent. Anything but a string counts as empty.
 */
export function checkBuyPackageContact(body: unknown): Partial<Record<BuyPackageContactField, string>> {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const errors: Partial<Record<BuyPackageContactField, string>> = {};
  const name = b.contactus_fullName;
  if (typeof name !== 'string' || name.trim() === '')
    errors.contactus_fullName = invalidContactField(BUY_PACKAGE_CONTACT_LABELS.contactus_fullName);
  if (!isContactPhone(b.contactus_phone))
    errors.contactus_phone = invalidContactField(BUY_PACKAGE_CONTACT_LABELS.contactus_phone);
  if (!isContactEmail(b.contactus_email))
    errors.contactus_email = invalidContactField(BUY_PACKAGE_CONTACT_LABELS.contactus_email);
  return errors;
}
