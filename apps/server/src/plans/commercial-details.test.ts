import { describe, expect, it } from 'vitest';
import { checkInvoiceDetails, checkPhonePaymentDetails } from './commercial-details.ts';

describe('checkInvoiceDetails', () => {
  it('gives each failing field its list of Hebrew messages', () => {
    expect(
      checkInvoiceDetails({ businessName: 'x'.repeat(101), authorizedDealer: '1234', invoiceEmail: 'a@b' }),
    ).toEqual({
      ok: false,
      errors: {
        businessName: ['יותר מדי תווים'],
        authorizedDealer: ['מספר עוסק מורשה או ח.פ. אינו תקין'],
        invoiceEmail: ['יש להזין כתובת דואר אלקטרוני תקינה'],
      },
    });
  });
  it('returns clean values: nine digits for the dealer number', () => {
    expect(
      checkInvoiceDetails({ businessName: ' כהן שיווק ', authorizedDealer: '39337423', invoiceEmail: 'a@b.co.il' }),
    ).toEqual({
      ok: true,
      value: { businessName: 'כהן שיווק', authorizedDealer: '039337423', invoiceEmail: 'a@b.co.il' },
    });
  });
});

describe('checkPhonePaymentDetails', () => {
  it('requires a valid first number; the second is optional', () => {
    expect(checkPhonePaymentDetails({})).toEqual({ ok: false, errors: { fullPhone1: ['שדה חובה'] } });
    expect(checkPhonePaymentDetails({ fullPhone1: '+972-50-1234567', fullPhone2: '' })).toEqual({
      ok: true,
      value: { phone1: '0501234567', phone2: null },
    });
    expect(checkPhonePaymentDetails({ fullPhone1: '0501234567', fullPhone2: '059-1234567' })).toEqual({
      ok: false,
      errors: { fullPhone2: ['המספר אינו תקין'] },
    });
  });
});
