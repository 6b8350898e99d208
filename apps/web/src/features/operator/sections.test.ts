import { describe, expect, it } from 'vitest';
import { addressOf, homeOf, mayOpen, numberOf, sectionPath, sectionsOf } from './sections.ts';

describe("the console's sections and addresses", () => {
  it('shows each role its own sections, as the server’s role checks allow them; an admin all of them', () => {
    expect(sectionsOf('moderator')).toEqual(['moderation']);
    expect(sectionsOf('support')).toEqual(['customers', 'inbox', 'leads']);
    expect(sectionsOf('finance')).toEqual(['finance']);
    expect(sectionsOf('analyst')).toEqual(['analytics']);
    expect(sectionsOf('admin')).toEqual([
      'moderation',
      'customers',
      'inbox',
      'leads',
      'finance',
      'analytics',
      'rules',
      'staff',
      'webhooks',
      'audit',
    ]);
    expect(mayOpen('moderator', 'finance')).toBe(false);
    expect(mayOpen('support', 'audit')).toBe(false);
    expect(mayOpen('admin', 'audit')).toBe(true);
  });

  it('takes /operator alone to the first section of the role', () => {
    expect(homeOf('moderator')).toBe('/operator/moderation');
    expect(homeOf('support')).toBe('/operator/customers');
    expect(homeOf('finance')).toBe('/operator/finance');
    expect(homeOf('analyst')).toBe('/operator/analytics');
    expect(homeOf('admin')).toBe('/operator/moderation');
  });

  it('reads a section, and a case, a customer or a payment within the sections that have them', () => {
    expect(addressOf('/operator')).toEqual({ kind: 'home' });
    expect(addressOf('/operator/')).toEqual({ kind: 'home' });
    expect(addressOf('/operator/setup')).toEqual({ kind: 'home' });
    expect(addressOf('/operator/finance')).toEqual({ kind: 'section', section: 'finance', item: null });
    expect(addressOf('/operator/audit/')).toEqual({ kind: 'section', section: 'audit', item: null });
    expect(addressOf('/operator/moderation/42')).toEqual({ kind: 'section', section: 'moderation', item: '42' });
    expect(addressOf('/operator/finance/pay_a-b')).toEqual({ kind: 'section', section: 'finance', item: 'pay_a-b' });
    expect(addressOf(sectionPath('customers', 7))).toEqual({ kind: 'section', section: 'customers', item: '7' });
  });

  it('names nothing for an unknown section, an item where a section has none or not of its kind, more parts', () => {
    for (const path of [
      '/operator/nothing',
      '/operator/audit/5',
      '/operator/inbox/5',
      '/operator/moderation/5/6',
      '/operator/setup/x',
      '/operatorx',
      '/operator/finance/%E0%A4%A',
      '/operator/moderation/abc',
      '/operator/customers/0',
      '/operator/finance/pay.x',
    ])
      expect(addressOf(path), path).toEqual({ kind: 'unknown' });
  });

  it('takes a case’s or a customer’s number only as a positive whole number', () => {
    expect(numberOf('42')).toBe(42);
    for (const item of ['0', '-1', '4.2', '1e3', 'abc', '', '0042']) expect(numberOf(item), item).toBeNull();
  });
});
