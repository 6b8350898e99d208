import { describe, expect, it } from 'vitest';
import { customerTradesIn, isTraderFlow, vehicleTraderLink } from './trader.ts';

describe('trader status (spec §6)', () => {
  const trade = { '2': { '1': 1 as const } };
  it.each([
    [{ cat: 3, subcat: 2 }, true],
    [{ cat: 1, subcat: 8 }, true],
    [{ cat: 1, subcat: 1 }, false],
    [{ cat: 3, subcat: 0 }, false],
    [{ cat: 1, subcat: 1, istrader: '1' }, true],
    [{ cat: 1, subcat: undefined, istrader: 1 }, true],
    [{ cat: 1, subcat: 1, istrader: '0' }, false],
    [{ cat: 2, subcat: 1, trade }, true],
    [{ cat: 2, subcat: 2, trade }, false],
    [{ cat: 2, subcat: undefined, trade }, false],
  ])('%o → %s', (input, expected) => {
    expect(isTraderFlow(input)).toBe(expected);
  });

  it('reads the trade map per cat and subcat', () => {
    expect(customerTradesIn(trade, 2, 1)).toBe(true);
    expect(customerTradesIn(trade, 3, 2)).toBe(false);
    expect(customerTradesIn(undefined, 3, 2)).toBe(false);
  });

  it('sends a vehicle trader of a partner subcat to the partner site, of another vehicle subcat to the promotion page', () => {
    const dealer = { '1': { '1': 1 as const, '4': 1 as const, '8': 1 as const }, '2': { '1': 1 as const } };
    expect(vehicleTraderLink(dealer, 1, 1)).toBe('vehiclePartner');
    expect(vehicleTraderLink(dealer, 1, 8)).toBe('vehiclePartner');
    expect(vehicleTraderLink(dealer, 1, 4)).toBe('vehiclePromotion');
    // Not a trader of this subcat, another category, no subcat, or a private customer: nowhere.
    expect(vehicleTraderLink(dealer, 1, 2)).toBeNull();
    expect(vehicleTraderLink(dealer, 2, 1)).toBeNull();
    expect(vehicleTraderLink(dealer, 1, undefined)).toBeNull();
    expect(vehicleTraderLink({}, 1, 1)).toBeNull();
    expect(vehicleTraderLink(undefined, 1, 4)).toBeNull();
  });
});
