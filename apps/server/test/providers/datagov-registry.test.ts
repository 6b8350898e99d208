/**
 * The licence-plate search with VEHICLE_REGISTRY=datagov against recorded answers of data.gov.il's CKAN API
 * (doubles/datagov/): a plate mapped onto the catalogue, one the registry does not have, one whose model the
 * catalogue lacks (the user chooses by hand), a registry that is slow or down (a Hebrew message, the user chooses by
 * hand), and the cache.
 */

import { findPlate } from '@app/catalog/vehicles/lookup';
import { SAMPLE_PLATES } from '@app/catalog/vehicles/plates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataGovDouble } from '../doubles/datagov/double.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let double: DataGovDouble;
let t: TestApp;
beforeAll(async () => {
  double = await new DataGovDouble().start();
  t = await createTestApp({ VEHICLE_REGISTRY: 'datagov', DATAGOV_API_BASE: double.base, DATAGOV_TIMEOUT_MS: '500' });
});
afterAll(async () => {
  await t?.close();
  await double?.stop();
});

const search = (plate: string) => t.app.inject({ method: 'GET', url: `/gateway/car-data-gov?licensePlate=${plate}` });

describe('the licence-plate search on data.gov.il', () => {
  it('maps a registered car onto the catalogue, and asks the registry once for it', async () => {
    const before = double.requests;
    const res = await search('374-97-104');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.data).toEqual({ ...findPlate(SAMPLE_PLATES.privateCar), carHand: 0 });
    expect((await search(SAMPLE_PLATES.privateCar)).statusCode).toBe(200);
    expect(double.requests - before).toBe(1);
  });

  it('reads a record whose test date and colour the registry left empty, leaving them to the user', async () => {
    const res = await search('71234567');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.data).toMatchObject({
      carTitle: findPlate(SAMPLE_PLATES.jeep)?.carTitle,
      tokefTestDate: '',
      yad2CarColorID: 0,
    });
  });

  it('answers 404 for a plate the registry does not have', async () => {
    const res = await search(SAMPLE_PLATES.unknown);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('לא מצאנו את הדגם, בדקו את המספר ונסו שוב');
  });

  it('answers 422 with a way forward for a car whose model the catalogue does not have', async () => {
    const res = await search('61234567');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ reason: 'notInCatalogue' });
    expect(res.json().message).toContain('אפשר לבחור את פרטי הרכב ידנית');
  });

  it('answers 503 with a Hebrew message when the registry is slow or down, and caches no failure', async () => {
    // Each mode alone (three attempts of a read) stays under the breaker's five failures in a row; after each, the
    // registry answers again and the plate is asked for afresh.
    const cases = [
      { mode: 'slow', plate: SAMPLE_PLATES.jeep, after: 200 },
      { mode: 'down', plate: '55555555', after: 404 },
    ] as const;
    for (const { mode, plate, after } of cases) {
      double.mode = mode;
      try {
        const res = await search(plate);
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe('30');
        expect(res.json().message).toBe(
          'מאגר הרכב של משרד התחבורה אינו זמין כרגע. אפשר לבחור את פרטי הרכב ידנית או לנסות שוב בעוד רגע',
        );
      } finally {
        double.mode = 'ok';
      }
      expect((await search(plate)).statusCode).toBe(after);
    }
  });
});
