import { describe, expect, it } from 'vitest';
import { maskNumbers } from './log-privacy.ts';

describe('numbers cut in the logs', () => {
  it('cuts phone numbers as typed, stored or international, and card numbers, to their last three digits', () => {
    expect(maskNumbers('/api/publish/add-virtual?phone=0501234567')).toBe('/api/publish/add-virtual?phone=•••567');
    expect(maskNumbers('?phone=050-1234567&x=1')).toBe('?phone=•••567&x=1');
    expect(maskNumbers('to=%2B972541234567')).toBe('to=•••567');
    expect(maskNumbers('+972 2 123 4567')).toBe('•••567');
    expect(maskNumbers('02-1234567 and 0733755555')).toBe('•••567 and •••555');
    expect(maskNumbers('card 4580 0000 0000 0001')).toBe('card •••001');
  });

  it('leaves ids, plates, prices and dates alone', () => {
    for (const text of [
      '/api/adds/123456',
      '?licensePlate=37497104',
      '85000',
      '2026-11-29',
      '/api/publish/save-ad/1001',
    ])
      expect(maskNumbers(text)).toBe(text);
  });
});
