import { describe, expect, it } from 'vitest';
import { type ContactUsField, checkContactUs, contactUsFieldError } from './contactUs.ts';

const field = (over: Partial<ContactUsField>): ContactUsField => ({
  element: 'input',
  type: 'text',
  name: 'phone',
  id: 'x',
  label: 'טלפון',
  required: true,
  autocomplete: 'tel',
  value: '',
  validations: ['required', 'phone'],
  errorMessage: 'שדה טלפון אינו תקני',
  maxlength: 20,
  ...over,
});

describe('contact-us validators', () => {
  it.each([
    ['050-1234567', undefined],
    ['0501234567', undefined],
    ['02-6251234', undefined],
    ['*2421', undefined],
    ['1-800-123-456', undefined],
    ['', 'שדה טלפון אינו תקני'],
    ['050-12345', 'שדה טלפון אינו תקני'],
    ['0501234567890', 'שדה טלפון אינו תקני'],
  ])('phone %s', (value, error) => {
    expect(contactUsFieldError(field({}), value)).toBe(error);
  });

  it('e-mail, options and length caps; a non-string value fails', () => {
    const email = field({ name: 'email', validations: ['required', 'email'], errorMessage: 'שדה דוא"ל אינו תקני' });
    expect(contactUsFieldError(email, 'dana@example.co.il')).toBeUndefined();
    expect(contactUsFieldError(email, 'dana@example')).toBe('שדה דוא"ל אינו תקני');
    const subject = field({ name: 'subject', validations: ['required'], options: [{ value: 'a', text: 'א' }] });
    expect(contactUsFieldError(subject, 'b')).toBe(subject.errorMessage);
    expect(contactUsFieldError(field({ maxlength: 5, validations: [] }), '123456')).toBeDefined();
    expect(contactUsFieldError(field({}), 5021234567)).toBeDefined();
    expect(checkContactUs([field({}), email], { phone: '050-1234567', email: 'x' })).toEqual({
      email: 'שדה דוא"ל אינו תקני',
    });
  });
});
