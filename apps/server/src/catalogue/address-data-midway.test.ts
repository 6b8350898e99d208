import { expect, it } from 'vitest';
import { addressData, loadAddressData, loadAddressDataSoon } from './address-data.ts';

it('an answer that needs the address data during the background load gets it whole at once; the load then ends', async () => {
  const background = loadAddressDataSoon();
  // Let a slice or two run, then ask as an answer would.
  await new Promise<void>((resolve) => setImmediate(resolve));
  await new Promise<void>((resolve) => setImmediate(resolve));
  const data = addressData();
  const whole = loadAddressData();
  expect(data.localities.map((l) => l.code)).toEqual(whole.localities.map((l) => l.code));
  expect(data.streets.size).toBe(whole.streets.size);
  await background;
  // The same object from now on: nothing was loaded twice.
  expect(addressData()).toBe(data);
});
