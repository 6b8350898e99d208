import { describe, expect, it } from 'vitest';
import { activeAbTests, assignedTo, overridesOf, rememberedOverrides, rememberOverrides } from './abTests.ts';

class MemoryStorage {
  private items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}
const memory = () => new MemoryStorage() as unknown as Storage;

describe('A/B tests', () => {
  it('?ab=<id> switches a test on, ?ab=-<id> off; other values are ignored', () => {
    expect(overridesOf(new URLSearchParams('ab=freeSearch&ab=-other&ab=bad%20id&cat=3'))).toEqual({
      freeSearch: true,
      other: false,
    });
  });

  it('overrides are remembered for the tab and a later query changes them', () => {
    const store = memory();
    rememberOverrides(new URLSearchParams('ab=freeSearch'), store);
    expect(rememberedOverrides(store)).toEqual({ freeSearch: true });
    rememberOverrides(new URLSearchParams('cat=3'), store);
    expect(rememberedOverrides(store)).toEqual({ freeSearch: true });
    rememberOverrides(new URLSearchParams('ab=-freeSearch'), store);
    expect(rememberedOverrides(store)).toEqual({ freeSearch: false });
  });

  it('without an override a customer has a stable assignment, about half are in; guests are in none', () => {
    expect(assignedTo('freeSearch', 1234)).toBe(assignedTo('freeSearch', 1234));
    const inTest = Array.from({ length: 1000 }, (_, i) => assignedTo('freeSearch', i + 1)).filter(Boolean).length;
    expect(inTest).toBeGreaterThan(400);
    expect(inTest).toBeLessThan(600);
    expect(assignedTo('freeSearch', 0)).toBe(false);
  });

  it('an override wins over the assignment', () => {
    const customer = Array.from({ length: 50 }, (_, i) => i + 1).find((id) => assignedTo('t', id)) ?? 0;
    expect(activeAbTests(['t'], customer, {})).toEqual(new Set(['t']));
    expect(activeAbTests(['t'], customer, { t: false })).toEqual(new Set());
    expect(activeAbTests(['t'], 0, { t: true })).toEqual(new Set(['t']));
  });
});

describe('rolled-out tests', () => {
  it('brokerLead is on for everyone (guests too) unless ?ab=-brokerLead switches it off', async () => {
    const { abTestOn, BROKER_LEAD_TEST, AB_ROLLED_OUT } = await import('./abTests.ts');
    expect(AB_ROLLED_OUT.has(BROKER_LEAD_TEST)).toBe(true);
    expect(abTestOn(BROKER_LEAD_TEST, 0, {})).toBe(true);
    expect(abTestOn(BROKER_LEAD_TEST, 1234, {})).toBe(true);
    expect(abTestOn(BROKER_LEAD_TEST, 1234, overridesOf(new URLSearchParams('ab=-brokerLead')))).toBe(false);
    // A test that is not rolled out keeps the split: a guest is in none.
    expect(abTestOn('freeSearch', 0, {})).toBe(false);
  });
});
