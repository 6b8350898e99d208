import { describe, expect, it } from 'vitest';
import { ALERT_TYPES, alertRole } from './alerts.ts';

describe('the alert message', () => {
  it('errors and warnings interrupt (alert); news and success are polite (status)', () => {
    expect(ALERT_TYPES.map((type) => [type, alertRole(type)])).toEqual([
      ['info', 'status'],
      ['success', 'status'],
      ['warning', 'alert'],
      ['error', 'alert'],
    ]);
  });
});
