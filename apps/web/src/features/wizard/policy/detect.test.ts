import { describe, expect, it } from 'vitest';
import { detectContactDetails } from './detect.ts';

const kinds = (text: string) => detectContactDetails(text).map((f) => f.kind);

describe('detectContactDetails: phone numbers', () => {
  it.each([
    ['התקשרו 050-1234567', '0501234567'],
    ['טלפון: 0501234567 בערב', '0501234567'],
    ['נייד 050 123 4567', '0501234567'],
    ['0 5 0 1 2 3 4 5 6 7', '0501234567'],
    ['052.123.45.67', '0521234567'],
    ['(03) 555-1234', '035551234'],
    ['03-5551234 משרד', '035551234'],
    ['+972-54-1234567', '0541234567'],
    ['972541234567', '0541234567'],
    ['אפס חמש שתיים אחת שתיים שלוש ארבע חמש שש שבע', '0521234567'],
    ['אפס חמש ארבע - 1234567', '0541234567'],
    ['O5O-1234567', '0501234567'],
    ['05o 123 4567', '0501234567'],
    ['077/1234567', '0771234567'],
    ['מחיר 1,200 ש"ח או 050_123_4567', '0501234567'],
  ])('%s → %s', (text, phone) => {
    expect(detectContactDetails(text)).toContainEqual({ kind: 'phone', text: phone });
  });

  it.each([
    'מחיר 3,450,000 ש"ח, 120 מ"ר',
    'שנת 2015, 150,000 ק"מ, יד 2',
    'מידות 100 200 300 400',
    'דגם 2019-2022 במצב מצוין',
    'ספה תלת מושבית אפורה, אחת משתיים שקנינו',
    'מספר רישוי 12-345-67',
    'חמש דקות מהים, שלוש דקות מהרכבת',
    'בוקר טוב, מוכר אופניים',
    '',
  ])('no phone in: %s', (text) => {
    expect(kinds(text)).not.toContain('phone');
  });
});

describe('detectContactDetails: e-mail addresses and links', () => {
  it.each([
    ['כתבו לי: dana.levi@gmail.com', 'email'],
    ['dana (at) walla.co.il', 'email'],
    ['dana שטרודל gmail נקודה com', 'email'],
    ['פרטים באתר www.example.co.il', 'link'],
    ['https://example.com/item?id=3', 'link'],
    ['ראו ב-bit.ly/abc', 'link'],
    ['וואטסאפ wa.me/972501234567', 'link'],
  ])('%s → %s', (text, kind) => {
    expect(kinds(text)).toContain(kind);
  });

  it('an e-mail is not also a link; order: phone, e-mail, link', () => {
    expect(kinds('dana@gmail.com')).toEqual(['email']);
    expect(kinds('www.shop.co.il או dana@shop.co.il או 050-1234567')).toEqual(['phone', 'email', 'link']);
  });

  it.each(['מצב 9.5 מתוך 10', 'ק"מ: 45.000', 'מנוע 1.6 ליטר, חסכוני', 'שם הדגם: i.Lon'])('nothing in: %s', (text) => {
    expect(kinds(text)).toEqual([]);
  });
});
