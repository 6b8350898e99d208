import { describe, expect, it } from 'vitest';
import { PICKERS } from '../pickers.ts';
import { PET_TYPES } from './petTypes.ts';

describe('pet types and breeds', () => {
  it('cover the pets picker, each with Hebrew breeds and features', () => {
    const picker = PICKERS.find((p) => p.id === 'pets')?.entries.map((e) => Number(e.params.petType));
    expect(PET_TYPES.map((t) => t.petType)).toEqual(picker);
    for (const type of PET_TYPES) {
      expect(type.breeds.length).toBeGreaterThanOrEqual(5);
      expect(type.features.length).toBeGreaterThanOrEqual(4);
      for (const breed of type.breeds) expect(breed.text).toMatch(/[\u0590-\u05FF]/);
      expect(new Set(type.breeds.map((b) => b.text)).size).toBe(type.breeds.length);
    }
    expect(new Set(PET_TYPES.flatMap((t) => t.breeds.map((b) => b.value))).size).toBe(
      PET_TYPES.reduce((n, t) => n + t.breeds.length, 0),
    );
  });
});
