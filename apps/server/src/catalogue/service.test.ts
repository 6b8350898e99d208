import { describe, expect, it } from 'vitest';
import { CatalogService } from './service.ts';

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
