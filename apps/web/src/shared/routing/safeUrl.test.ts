import { describe, expect, it } from 'vitest';
import { continuePath, sameOriginPath } from './safeUrl.ts';

const ORIGIN = 'https://ads.example';

describe('continuePath', () => {
  it.each([
    ['/publish?cat=1', '/publish?cat=1'],
    ['/publish?cat=3&subcat=2&SalesCatID=37&step=1', '/publish?cat=3&subcat=2&SalesCatID=37&step=1'],
    ['/finishArea', '/finishArea'],
  ])('keeps the same-origin path %s', (value, expected) => {
    expect(continuePath(value, ORIGIN)).toBe(expected);
  });

  it.each([
    null,
    '',
    'publish',
    '//evil.example/x',
    '/\\evil.example',
    'https://evil.example/publish',
    `${ORIGIN}/publish`,
    'javascript:alert(1)',
    '/\u0000x',
  ])('falls back to /publish for %j', (value) => {
    expect(continuePath(value, ORIGIN)).toBe('/publish');
  });
});

describe('sameOriginPath', () => {
  it('accepts full URLs of the same origin and rejects others', () => {
    expect(sameOriginPath(`${ORIGIN}/finishArea?cat=3`, ORIGIN)).toBe('/finishArea?cat=3');
    expect(sameOriginPath('https://other.example/', ORIGIN)).toBeUndefined();
    expect(sameOriginPath('javascript:alert(1)', ORIGIN)).toBeUndefined();
  });
});
