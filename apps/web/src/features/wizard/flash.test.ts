import { describe, expect, it } from 'vitest';
import { currentFlash, dismissFlash, flash } from './flash.ts';

describe('flash queue', () => {
  it('shows the first queued message; a dismissal by an old id does nothing', () => {
    flash('ראשונה');
    flash('שנייה');
    const first = currentFlash();
    expect(first?.text).toBe('ראשונה');
    dismissFlash((first?.id ?? 0) + 1000);
    expect(currentFlash()?.text).toBe('ראשונה');
    dismissFlash(first?.id ?? 0);
    expect(currentFlash()?.text).toBe('שנייה');
    dismissFlash(currentFlash()?.id ?? 0);
    expect(currentFlash()).toBeUndefined();
  });
});
