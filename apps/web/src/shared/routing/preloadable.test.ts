import { describe, expect, it, vi } from 'vitest';
import { preloadable } from './preloadable.ts';

describe('preloadable code', () => {
  it('loads once, and is there synchronously afterwards', async () => {
    const factory = vi.fn(async () => 'module');
    const code = preloadable(factory);
    expect(code.loaded()).toBeUndefined();
    const first = code.load();
    const second = code.load();
    expect(await first).toBe('module');
    expect(await second).toBe('module');
    expect(factory).toHaveBeenCalledTimes(1);
    expect(code.loaded()).toBe('module');
  });

  it('a failed load is asked for again the next time', async () => {
    let fail = true;
    const code = preloadable(async () => {
      if (fail) throw new Error('network');
      return 'module';
    });
    await expect(code.load()).rejects.toThrow('network');
    expect(code.loaded()).toBeUndefined();
    fail = false;
    expect(await code.load()).toBe('module');
  });
});
