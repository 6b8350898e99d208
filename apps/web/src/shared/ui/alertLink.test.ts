import { describe, expect, it } from 'vitest';
import { linkOf } from './Alert.tsx';

describe("the alert's postfix link", () => {
  it('leads to a path of ours or an http(s) address only', () => {
    expect(linkOf('/edit/12')).toEqual({ kind: 'path', to: '/edit/12' });
    expect(linkOf('https://old.example.co.il/help')).toEqual({ kind: 'url', to: 'https://old.example.co.il/help' });
    expect(linkOf('//evil.example/x')).toBeUndefined();
    expect(linkOf('/\\evil.example')).toBeUndefined();
    expect(linkOf('javascript:alert(1)')).toBeUndefined();
    expect(linkOf('data:text/html,x')).toBeUndefined();
    expect(linkOf(undefined)).toBeUndefined();
  });
});
