/**
 * The hosted card page's rules: the fields an Israeli hosted-payment page asks for, checked on
 * the provider's side with a Hebrew error per field, and the sandbox's test cards (Stripe-style: only these
 * numbers are accepted; any other valid number is refused as unknown). The cards are data (test-cards.json).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { hePay } from '../../i18n/payments.ts';

export type CardField = 'cardNumber' | 'expMonth' | 'cvv' | 'idNumber' | 'installments';

export interface CardForm {
  cardNumber: string;
  expMonth: string;
  expYear: string;
  cvv: string;
  idNumber: string;
  installments: string;
}

export interface CheckedCard {
  digits: string;
  installments: number;
}

/**
 * What a test card does once its form is valid: paid; declined by the issuer; declined as an expired card; a
 * one-time-code challenge the issuer then fails whatever is typed; a technical failure at the provider; a
 * challenge that pays after the right code; paid with a late notification; paid with a lost notification.
 */
export const TEST_CARD_BEHAVIOURS = [
  'success',
  'decline',
  'expiredCard',
  'authenticationFails',
  'processingError',
  'challenge',
  'slow',
  'lost',
] as const;
export type TestCardBehaviour = (typeof TEST_CARD_BEHAVIOURS)[number];

const cardsSchema = z
  .array(z.object({ number: z.string().regex(/^\d{12,19}$/), behaviour: z.enum(TEST_CARD_BEHAVIOURS) }))
  .refine((cards) => new Set(cards.map((c) => c.number)).size === cards.length, 'test card numbers must be unique')
  .refine((cards) => cards.every((c) => luhnValid(c.number)), 'every test card must pass the Luhn check');

const cardsFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'test-cards.json');

/** The sandbox's test cards in the order the card page lists them (test-cards.json, checked when loaded). */
export const TEST_CARD_LIST: readonly { number: string; behaviour: TestCardBehaviour }[] = cardsSchema.parse(
  JSON.parse(fs.readFileSync(cardsFile, 'utf8')),
);

/** The sandbox's test cards by number. */
export const TEST_CARDS: Readonly<Record<string, TestCardBehaviour>> = Object.fromEntries(
  TEST_CARD_LIST.map((c) => [c.number, c.behaviour]),
);

/** The Luhn check of a card number (digits only). */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = Number(digits[i]);
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/** The Israeli ID number's check digit (up to 9 digits, padded with zeros on the left). */
export function israeliIdValid(raw: string): boolean {
  const id = raw.trim();
  if (!/^\d{5,9}$/.test(id)) return false;
  const padded = id.padStart(9, '0');
  if (padded === '000000000') return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    let d = Number(padded[i]) * ((i % 2) + 1);
    if (d > 9) d -= 9;
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * Checks the card form against `today` (the provider's clock, Israel's calendar month is close enough for a
 * sandbox: a card is valid through the last day of its month). Answers per-field Hebrew errors, or the card.
 */
export function checkCardForm(
  form: Partial<CardForm>,
  today: Date,
): { ok: true; card: CheckedCard } | { ok: false; errors: Partial<Record<CardField, string>> } {
  const errors: Partial<Record<CardField, string>> = {};
  const digits = String(form.cardNumber ?? '').replace(/[\s-]/g, '');
  if (digits === '') errors.cardNumber = hePay.cardRequired;
  else if (!luhnValid(digits)) errors.cardNumber = hePay.cardInvalid;

  const month = Number(form.expMonth);
  const yearText = String(form.expYear ?? '');
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  if (!Number.isInteger(month) || month < 1 || month > 12 || !/^\d{2}(\d{2})?$/.test(yearText)) {
    errors.expMonth = hePay.expiryInvalid;
  } else {
    const nowMonth = today.getUTCFullYear() * 12 + today.getUTCMonth();
    if (year * 12 + (month - 1) < nowMonth) errors.expMonth = hePay.expiryPast;
  }
  if (!/^\d{3,4}$/.test(String(form.cvv ?? ''))) errors.cvv = hePay.cvvInvalid;
  if (!israeliIdValid(String(form.idNumber ?? ''))) errors.idNumber = hePay.idInvalid;
  const installments = Number(form.installments ?? '1');
  if (!Number.isInteger(installments) || installments < 1 || installments > 12)
    errors.installments = hePay.installmentsInvalid;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, card: { digits, installments } };
}
