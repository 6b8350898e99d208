import { describe, expect, it } from 'vitest';
import { reasonText } from './ReviewPanel.tsx';

describe("a case's reasons in Hebrew", () => {
  it("says buyers' reports by reason with their count and texts", () => {
    expect(reasonText({ kind: 'reported', reason: 'fraud', count: 3, texts: [] })).toBe('3 דיווחים של קונים: הונאה');
    expect(reasonText({ kind: 'reported', reason: 'other', count: 1, texts: ['מבקש מקדמה'] })).toBe(
      'דיווח אחד של קונים: אחר („מבקש מקדמה”)',
    );
  });
});
