import { describe, expect, it } from 'vitest';
import { redirectQuery } from './useWatchers.ts';

describe('watcher redirects', () => {
  it('go to the target selectors at step 1 (or the given step), keeping istrader', () => {
    const current = new URLSearchParams('cat=1&subcat=6&step=1&istrader=1');
    expect(redirectQuery({ cat: 1, subcat: 9, section: 'משאיות' }, current).toString()).toBe(
      'cat=1&subcat=9&istrader=1&step=1',
    );
    expect(redirectQuery({ cat: 3, SalesCatID: 18, step: 2, section: 'אופנה' }, new URLSearchParams()).toString()).toBe(
      'cat=3&SalesCatID=18&step=2',
    );
  });
});
