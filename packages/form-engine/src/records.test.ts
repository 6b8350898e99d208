import { describe, expect, it } from 'vitest';
import { mergeRecords } from './records.ts';

describe('mergeRecords', () => {
  it('gives what a spread gives: keys in order, a later value winning, missing sources skipped', () => {
    const a = { cat: '1', subcat: '2', km: '5' };
    const b = { km: '7', model: '9', 3: 'x' };
    const merged = mergeRecords<string>(a, undefined, b, null);
    expect(merged).toEqual({ ...a, ...b });
    expect(Object.keys(merged)).toEqual(Object.keys({ ...a, ...b }));
    expect(merged).not.toBe(a);
  });

  it('keeps a key named __proto__ as an own key, never the prototype', () => {
    const received = JSON.parse('{"__proto__": {"polluted": "yes"}, "price": "5"}') as Record<string, unknown>;
    const merged = mergeRecords<unknown>({ cat: '1' }, received);
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect((merged as { polluted?: string }).polluted).toBeUndefined();
    expect(Object.keys(merged)).toEqual(['cat', '__proto__', 'price']);
    expect(merged).toEqual({ cat: '1', ...received });
  });

  it('copies: changing the result leaves the sources alone', () => {
    const a = { cat: '1' };
    const merged = mergeRecords<string>(a);
    merged.cat = '2';
    merged.subcat = '3';
    expect(a).toEqual({ cat: '1' });
  });
});
