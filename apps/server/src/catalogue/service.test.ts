import { CATALOGS } from '@app/catalog/categories/registry';
import { describe, expect, it } from 'vitest';
import { CatalogService, checkedCatalog } from './service.ts';

describe("the product's catalogues, as the server serves them", () => {
  // The server trusts its own catalogues at start (no schema pass): this is where they are checked.
  it.each(CATALOGS.map((c) => [c.id, c] as const))('%s passes the schema and names only served lists', (_id, c) => {
    expect(checkedCatalog(c)).toEqual(c);
  });

  it('a broken catalogue given to the service stops it', () => {
    const [first] = CATALOGS;
    const broken = {
      ...first,
      steps: [{ ...first?.steps[0], fields: [{ id: 'x', type: 'select', dataUrl: '/nowhere' }] }],
    };
    expect(() => new CatalogService([broken as never])).toThrow(/is broken|Invalid form catalogue/);
  });
});

describe('CatalogService.mediaStep', () => {
  const catalogs = new CatalogService();

  it('is the photos step as the wizard numbers it (the category step is 0)', () => {
    // A private car: category, car type, properties, sale, photos (lighthouse.mjs's CAR_MEDIA_STEP).
    expect(catalogs.mediaStep({ cat: '1', subcat: '1' })).toBe(4);
    const index = catalogs.mediaStep({ cat: '2', subcat: '1' });
    expect(index).toBeGreaterThan(0);
    const steps = catalogs.catalog({ cat: '2', subcat: '1' })?.steps ?? [];
    const wizardSteps = steps[0]?.stepGroup === 'chooseSubcat' ? steps : [undefined, ...steps];
    expect(wizardSteps[index ?? 0]?.fields.some((field) => field.type === 'image')).toBe(true);
  });

  it('is undefined without a catalogue', () => {
    expect(catalogs.mediaStep({ cat: '999' })).toBeUndefined();
    expect(catalogs.mediaStep({})).toBeUndefined();
  });
});
