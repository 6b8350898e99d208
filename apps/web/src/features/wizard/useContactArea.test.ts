import { describe, expect, it } from 'vitest';
import { prefillPatch } from './useContactArea.ts';

describe('the contact prefill fills only what the wizard left empty', () => {
  const prefill = { contactName: 'נועה ישראלי', validPhone1: '050-1234567', virtual_num: '0', weekendCalls: '0' };

  it('an empty contact step takes every prefill value', () => {
    expect(prefillPatch(prefill, { virtual_num: '1', weekendCalls: '1' }, {})).toEqual(prefill);
  });

  it('what the user typed (or a draft restored) wins', () => {
    const current = { contactName: 'דנה', validPhone1: '', virtual_num: '1', weekendCalls: '1' };
    const initial = { contactName: 'דנה', virtual_num: '1' };
    expect(prefillPatch(prefill, current, initial)).toEqual({ validPhone1: '050-1234567', weekendCalls: '0' });
  });

  it('nothing to fill: an empty patch', () => {
    expect(prefillPatch({}, { contactName: 'x' }, {})).toEqual({});
  });
});
