import { describe, expect, it } from 'vitest';
import { hePay } from '../../i18n/payments.ts';
import { checkCardForm, israeliIdValid, luhnValid, TEST_CARDS } from './card-form.ts';

const today = new Date('2026-11-22T10:00:00Z');
const good = {
  cardNumber: '4580 0000 0000 0000',
  expMonth: '11',
  expYear: '2026',
  cvv: '123',
  idNumber: '000000018',
  installments: '12',
};

describe('card form rules', () => {
  it('Luhn: the test cards pass, a changed digit fails', () => {
    for (const card of Object.keys(TEST_CARDS)) expect(luhnValid(card), card).toBe(true);
    expect(luhnValid('4580000000000001')).toBe(false);
    expect(luhnValid('45800000')).toBe(false);
  });

  it.each([
    ['000000018', true],
    ['123456782', true],
    ['18', false],
    ['123456789', false],
    ['000000000', false],
    ['12345678a', false],
  ])('Israeli ID %s → %s', (id, ok) => {
    expect(israeliIdValid(id)).toBe(ok);
  });

  it('a valid form passes; this month is not in the past, last month is', () => {
    expect(checkCardForm(good, today)).toEqual({ ok: true, card: { digits: '4580000000000000', installments: 12 } });
    const past = checkCardForm({ ...good, expMonth: '10' }, today);
    expect(past).toEqual({ ok: false, errors: { expMonth: hePay.expiryPast } });
    expect(checkCardForm({ ...good, expYear: '27', expMonth: '01' }, today).ok).toBe(true);
  });

  it.each([
    [{ cardNumber: '' }, 'cardNumber', hePay.cardRequired],
    [{ cvv: '12345' }, 'cvv', hePay.cvvInvalid],
    [{ cvv: '12a' }, 'cvv', hePay.cvvInvalid],
    [{ installments: '0' }, 'installments', hePay.installmentsInvalid],
    [{ expMonth: '13' }, 'expMonth', hePay.expiryInvalid],
  ])('%o → %s error', (change, field, message) => {
    const out = checkCardForm({ ...good, ...change }, today);
    expect(out).toEqual({ ok: false, errors: { [field]: message } });
  });
});
