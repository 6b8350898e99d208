import { describe, expect, it } from 'vitest';
import { isNearRepeat, similarity, wordsOf } from './similarity.ts';

const A = 'ספה תלת מושבית אפורה, נוחה מאוד, ללא כתמים וללא קרעים. נמכרת בגלל מעבר דירה.';

describe('near repeats of an ad text', () => {
  it.each([
    [A, 'נמכרת בגלל מעבר דירה! ספה תלת-מושבית אפורה, נוחה מאוד, ללא כתמים וללא קרעים', true],
    [A, 'ספה תלת מושבית אפורה, נוחה מאוד, ללא כתמים. נמכרת בגלל מעבר דירה', true],
    [A, 'ספה דו מושבית כחולה מעור, כמו חדשה, איסוף מרמת גן', false],
    ['ספה אפורה', 'ספה אפורה', false],
    ['', A, false],
  ])('%s ~ %s → %s', (a, b, repeat) => {
    expect(isNearRepeat(wordsOf(a), wordsOf(b))).toBe(repeat);
  });

  it('ignores case, punctuation and one-letter words', () => {
    expect([...wordsOf('Sofa, SOFA! a ב 3 12')]).toEqual(['sofa', '12']);
    expect(similarity(wordsOf('אחת שתיים'), wordsOf('שתיים אחת'))).toBe(1);
  });
});
