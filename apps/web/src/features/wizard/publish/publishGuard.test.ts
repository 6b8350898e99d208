import { describe, expect, it } from 'vitest';
import { type Customer, GUEST } from '../../../shared/api/index.ts';
import { publishRedirect, vehicleTraderSelection } from './publishGuard.ts';

const q = (s: string) => new URLSearchParams(s);
const customer: Customer = { id: 12, firstName: 'דנה', lastName: 'לוי', trade: {}, debugMode: false };
const trader: Customer = { ...customer, trade: { '3': { '2': 1 } } };

describe('publishRedirect', () => {
  it('lets anyone see the chooser', () => {
    expect(publishRedirect(q(''), GUEST)).toBeNull();
  });

  it('sends a guest with a category to /login with the encoded publish URL', () => {
    expect(publishRedirect(q('cat=2&subcat=1&istrader=1'), GUEST)).toBe(
      '/login?continue=%2Fpublish%3Fcat%3D2%26subcat%3D1%26istrader%3D1',
    );
  });

  it('sends a non-trader on business for sale to finishArea', () => {
    expect(publishRedirect(q('cat=3&subcat=2&SalesCatID=37&step=1'), customer)).toBe('/finishArea?cat=3&subcat=2');
  });

  it('lets a second-hand business trader publish business for sale', () => {
    expect(publishRedirect(q('cat=3&subcat=2&SalesCatID=37&step=1'), trader)).toBeNull();
  });

  it('lets a logged-in customer publish elsewhere', () => {
    expect(publishRedirect(q('cat=3&subcat=0&SalesCatID=11&step=1'), customer)).toBeNull();
    expect(publishRedirect(q('cat=1'), customer)).toBeNull();
  });
});

describe('vehicleTraderSelection', () => {
  const dealer: Customer = { ...customer, trade: { '1': { '1': 1, '4': 1 } } };

  it('asks the server about a vehicle trader on a vehicle subcat of theirs', () => {
    expect(vehicleTraderSelection(q('cat=1&subcat=1'), dealer)).toEqual({ cat: '1', subcat: '1' });
    expect(vehicleTraderSelection(q('cat=1&subcat=4&step=1&istrader=0'), dealer)).toEqual({ cat: '1', subcat: '4' });
  });

  it('never for a private customer or a guest, whatever istrader the URL says', () => {
    expect(vehicleTraderSelection(q('cat=1&subcat=1&istrader=1'), customer)).toBeNull();
    expect(vehicleTraderSelection(q('cat=1&subcat=1&istrader=1'), GUEST)).toBeNull();
  });

  it('not before a subcat is chosen, nor on a subcat or category the trade map does not name', () => {
    expect(vehicleTraderSelection(q('cat=1'), dealer)).toBeNull();
    expect(vehicleTraderSelection(q('cat=1&subcat=2'), dealer)).toBeNull();
    expect(vehicleTraderSelection(q('cat=2&subcat=1'), dealer)).toBeNull();
    expect(vehicleTraderSelection(q('cat=1&subcat=1x'), dealer)).toBeNull();
  });
});
