import { describe, expect, it } from 'vitest';
import { toQuery, withQuery } from './query.ts';

describe('publish query strings', () => {
  it('drops empty values and repeats keys for lists', () => {
    expect(toQuery({ cat: '1', subcat: 2, SalesCatID: '', petType: undefined, x: null, tags: ['a', 'ב'] })).toBe(
      'cat=1&subcat=2&tags=a&tags=%D7%91',
    );
    expect(withQuery('/api/publish/fields', {})).toBe('/api/publish/fields');
    expect(withQuery('/api/publish/options/x?model=1', { keyword: 'קו' })).toBe(
      '/api/publish/options/x?model=1&keyword=%D7%A7%D7%95',
    );
  });

  it('writes names and values byte for byte as URLSearchParams does (the server names the same paths)', () => {
    const samples = [' a b ', "!'()~*-._", '&=?#+%', 'א ב"ג<>', '\u202e\u0000x', '😀', '\ud800'];
    for (const text of samples) {
      const expected = new URLSearchParams([[text, text]]).toString();
      expect(toQuery({ [text]: text })).toBe(expected);
    }
  });
});
