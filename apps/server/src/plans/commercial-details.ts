/**
 * The commercial payment's forms (after-save-area.md §3 "Invoice", "Phone payment", §5 "Invoice and phone-payment
 * field errors come from the server, per field"): each check returns the clean values or, per field, a list of
 * Hebrew messages (the browser reads response.data.errors).
 */
import { israeliIdDigits, isValidIsraeliId } from '@app/contract/israeliId';
import { isValidPhone, normalisePhone } from '@app/contract/phones';
import type { FieldErrorLists } from '@app/contract/planExtras';
import { planExtrasHe as he } from '../i18n/plan-extras.ts';

const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export type Checked<T> = { ok: true; value: T } | { ok: false; errors: FieldErrorLists };

export interface InvoiceDetails {
  businessName: string;
  /** Nine digits. */
  authorizedDealer: string;
  invoiceEmail: string;
}

export function checkInvoiceDetails(body: Record<string, unknown>): Checked<InvoiceDetails> {
  const errors: FieldErrorLists = {};
  const add = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  const businessName = str(body.businessName);
  if (!businessName) add('businessName', he.required);
  else if (businessName.length > 100) add('businessName', he.tooLong);
  const dealer = str(body.authorizedDealer);
  if (!dealer) add('authorizedDealer', he.required);
  else if (!isValidIsraeliId(dealer)) add('authorizedDealer', he.invalidDealer);
  const invoiceEmail = str(body.invoiceEmail);
  if (!invoiceEmail) add('invoiceEmail', he.required);
  else if (invoiceEmail.length > 254 || !EMAIL.test(invoiceEmail)) add('invoiceEmail', he.invalidEmail);
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, value: { businessName, authorizedDealer: israeliIdDigits(dealer) ?? dealer, invoiceEmail } };
}

export interface PhonePaymentDetails {
  /** National digits (0501234567). */
  phone1: string;
  phone2: string | null;
}

/** fullPhone1 required and valid; fullPhone2 optional but valid when given. Landlines are fine: a call back. */
export function checkPhonePaymentDetails(body: Record<string, unknown>): Checked<PhonePaymentDetails> {
  const errors: FieldErrorLists = {};
  const p1 = str(body.fullPhone1);
  const p2 = str(body.fullPhone2);
  if (!p1) errors.fullPhone1 = [he.required];
  else if (!isValidPhone(p1)) errors.fullPhone1 = [he.invalidPhone];
  if (p2 && !isValidPhone(p2)) errors.fullPhone2 = [he.invalidPhone];
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, value: { phone1: normalisePhone(p1) as string, phone2: p2 ? normalisePhone(p2) : null } };
}
