import { describe, expect, it } from 'vitest';
import { listOptions } from './option-lists.ts';

describe('the vehicle lists are built once per parents', () => {
  it('the same parents give the same frozen list; other parents another', () => {
    const makes = listOptions('vehicle-manufacturers', { subcat: '1' });
    expect(makes?.length).toBeGreaterThan(10);
    expect(listOptions('vehicle-manufacturers', { subcat: '1' })).toBe(makes);
    expect(Object.isFrozen(makes)).toBe(true);
    const make = makes?.[0]?.value;
    const models = listOptions('vehicle-models', { subcat: '1', manufacturer: make });
    expect(models?.length).toBeGreaterThan(0);
    expect(listOptions('vehicle-models', { subcat: '1', manufacturer: make })).toBe(models);
    const other = listOptions('vehicle-models', { subcat: '1', manufacturer: makes?.[1]?.value });
    expect(other).not.toBe(models);
    expect(listOptions('vehicle-colors', {})).toBe(listOptions('vehicle-colors', {}));
  });

  it('missing parents are still no list, and an unknown parent an empty one', () => {
    expect(listOptions('vehicle-models', { subcat: '1' })).toBeUndefined();
    expect(listOptions('vehicle-models', { subcat: '1', manufacturer: '999999' })).toEqual([]);
  });
});
