import { describe, expect, it } from 'vitest';
import { allowedUrl } from './urls.ts';

const ORIGIN = 'https://publish.example.co.il';
const ALLOW = ['https://video.example.com'];

describe('allowedUrl', () => {
  it('keeps same-origin paths and allowlisted origins', () => {
    expect(allowedUrl('/finishArea?cat=1', ALLOW, ORIGIN)).toBe('/finishArea?cat=1');
    expect(allowedUrl(`${ORIGIN}/x#y`, ALLOW, ORIGIN)).toBe('/x#y');
    expect(allowedUrl('https://video.example.com/upload?id=1', ALLOW, ORIGIN)).toBe(
      'https://video.example.com/upload?id=1',
    );
  });

  it('refuses other origins, scripts and tricks', () => {
    for (const bad of [
      'https://evil.example.com/',
      '//evil.example.com/x',
      'javascript:alert(1)',
      'data:text/html,<script>',
      '/\\evil.com',
      'https://video.example.com.evil.com/',
      '',
      undefined,
    ]) {
      expect(allowedUrl(bad, ALLOW, ORIGIN)).toBeUndefined();
    }
  });
});
