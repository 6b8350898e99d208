import { describe, expect, it } from 'vitest';
import { addressData, loadAddressData, loadAddressDataSoon } from './address-data.ts';

/** How many times the event loop ran other work (a setImmediate chain) while `work` was under way. */
async function turnsDuring(work: Promise<unknown>): Promise<number> {
  let turns = 0;
  let done = false;
  const tick = () => {
    if (done) return;
    turns++;
    setImmediate(tick);
  };
  setImmediate(tick);
  await work;
  done = true;
  return turns;
}

describe('the address data', () => {
  it('loads in the background a slice at a time: other work runs between the slices, and the data is whole', async () => {
    const whole = loadAddressData();
    // At once, the same load gives the loop back not once.
    expect(await turnsDuring(Promise.resolve(loadAddressData()))).toBeLessThanOrEqual(1);
    const turns = await turnsDuring(loadAddressDataSoon());
    expect(turns).toBeGreaterThanOrEqual(3);
    const data = addressData();
    expect(data.localities.length).toBe(whole.localities.length);
    expect([...data.streets.keys()]).toEqual([...whole.streets.keys()]);
    expect(data.streets.get(5000)?.map((s) => s.name)).toEqual(whole.streets.get(5000)?.map((s) => s.name));
    expect(data.neighborhoods.get(5000)).toEqual(whole.neighborhoods.get(5000));
    // Loaded once: a second call starts nothing.
    expect(await turnsDuring(loadAddressDataSoon())).toBeLessThanOrEqual(1);
  });
});
