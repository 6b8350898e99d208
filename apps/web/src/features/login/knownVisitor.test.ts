import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetVisitor, knownVisitor, loginStateOf, rememberVisitor } from './knownVisitor.ts';

/** A browser's localStorage, in memory. */
function storage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

beforeEach(() => {
  vi.stubGlobal('window', { localStorage: storage() });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the login states', () => {
  it('unknown until a sign-in here; known after it once signed out; logged in while signed in', () => {
    expect(knownVisitor()).toBeNull();
    expect(loginStateOf(false, knownVisitor())).toBe('unknown');
    rememberVisitor({ firstName: 'נועה', email: 'noa@example.co.il' });
    expect(knownVisitor()).toEqual({ firstName: 'נועה', email: 'noa@example.co.il' });
    expect(loginStateOf(false, knownVisitor())).toBe('known');
    expect(loginStateOf(true, knownVisitor())).toBe('loggedIn');
    forgetVisitor();
    expect(loginStateOf(false, knownVisitor())).toBe('unknown');
  });

  it('keeps the first name and the e-mail only, and reads anything else as unknown', () => {
    rememberVisitor({ firstName: 'דן', email: 'dan@example.co.il', password: 'x' } as never);
    expect(window.localStorage.getItem('known-visitor')).toBe('{"firstName":"דן","email":"dan@example.co.il"}');
    window.localStorage.setItem('known-visitor', '{not json');
    expect(knownVisitor()).toBeNull();
    window.localStorage.setItem('known-visitor', '{"firstName":"דן"}');
    expect(knownVisitor()).toBeNull();
  });

  it('a browser that refuses storage has no known visitors and no errors', () => {
    vi.stubGlobal('window', {
      localStorage: {
        getItem: () => {
          throw new Error('denied');
        },
        setItem: () => {
          throw new Error('denied');
        },
        removeItem: () => {
          throw new Error('denied');
        },
      },
    });
    expect(() => rememberVisitor({ firstName: 'א', email: 'a@example.co.il' })).not.toThrow();
    expect(knownVisitor()).toBeNull();
    expect(() => forgetVisitor()).not.toThrow();
  });
});
