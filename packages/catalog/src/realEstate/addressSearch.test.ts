import { describe, expect, it } from 'vitest';
import { neighborhoodName, normalizeName, searchByName } from './addressSearch.ts';

const entry = (name: string, ...other: string[]) => ({ name, keys: [name, ...other].map(normalizeName) });

describe('normalizeName', () => {
  it.each([
    ['תל אביב-יפו', 'תל אביב יפו'],
    ['תל אביב - יפו', 'תל אביב יפו'],
    ['בני עי"ש', 'בני עיש'],
    ['בני עיש', 'בני עיש'],
    ["ג'סר א-זרקא", 'גסר א זרקא'],
    ['קרית  אונו ', 'קרית אונו'],
    ['שָׁלוֹם', 'שלום'],
    ['Tel Aviv - Yafo', 'tel aviv yafo'],
    ['מודיעין־מכבים־רעות', 'מודיעין מכבים רעות'],
  ])('%s -> %s', (input, output) => {
    expect(normalizeName(input)).toBe(output);
  });
});

describe('searchByName', () => {
  const cities = [
    entry('ירושלים'),
    entry('תל אביב-יפו', 'Tel Aviv - Yafo'),
    entry('רמת גן'),
    entry('בת ים'),
    entry('רמת השרון'),
    entry('אביבים'),
  ];

  it('ranks whole name, prefix, word prefix, then contains; keeps the given order within a rank', () => {
    expect(searchByName(cities, 'אביב').map((c) => c.name)).toEqual(['אביבים', 'תל אביב-יפו']);
    expect(searchByName(cities, 'רמת').map((c) => c.name)).toEqual(['רמת גן', 'רמת השרון']);
    expect(searchByName(cities, 'ים').map((c) => c.name)).toEqual(['בת ים', 'ירושלים', 'אביבים']);
    expect(searchByName(cities, 'תל-אביב').map((c) => c.name)).toEqual(['תל אביב-יפו']);
    expect(searchByName(cities, 'tel aviv').map((c) => c.name)).toEqual(['תל אביב-יפו']);
  });

  it('finds nothing below two characters and caps the answer', () => {
    expect(searchByName(cities, 'ר')).toEqual([]);
    expect(searchByName(cities, '  ')).toEqual([]);
    const many = Array.from({ length: 50 }, (_, i) => entry(`רחוב ${i}`));
    expect(searchByName(many, 'רחוב')).toHaveLength(20);
    expect(searchByName(many, 'רחוב', 5)).toHaveLength(5);
  });
});

describe('neighborhoodName', () => {
  it.each([
    ['שכ תלפיות', 'שכונת תלפיות'],
    ["שכ' הדר", 'שכונת הדר'],
    ['שכ א', 'שכונה א'],
    ['שכ 1', 'שכונה 1'],
    ['נווה דן', 'נווה דן'],
    ['ש אפקה', 'ש אפקה'],
    ['שכונת התקווה', 'שכונת התקווה'],
  ])('%s -> %s', (raw, shown) => {
    expect(neighborhoodName(raw)).toBe(shown);
  });
});
