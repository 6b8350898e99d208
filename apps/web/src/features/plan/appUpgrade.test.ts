import { describe, expect, it } from 'vitest';
import { detectUpgradeDisabled } from './appUpgrade.ts';

describe('native app upgrade flag', () => {
  it('is on with ?disableUpgrade=1 or when remembered for the tab', () => {
    expect(detectUpgradeDisabled('?webview=1&disableUpgrade=1', null)).toBe(true);
    expect(detectUpgradeDisabled('', '1')).toBe(true);
    expect(detectUpgradeDisabled('?disableUpgrade=0', null)).toBe(false);
    expect(detectUpgradeDisabled('', null)).toBe(false);
  });
});
