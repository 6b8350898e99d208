/**
 * Israeli identity numbers (תעודת זהות) and company numbers (ח.פ., עוסק מורשה): nine digits whose last is a check
 * digit. Both registries use the same algorithm: the digits are weighted 1,2,1,2,… from the left, a product above
 * 9 has its digits summed (x - 9), and the total is divisible by 10. Shorter identity numbers are padded with
 * zeros on the left (an ID of 8 digits is written 0xxxxxxxx), as the Population Authority does.
 */

/** The nine digits of an identity or company number as typed (spaces and dashes dropped), else null. */
export function israeliIdDigits(input: unknown): string | null {
  if (typeof input !== 'string' && typeof input !== 'number') return null;
  const s = String(input).trim().replace(/[\s-]/g, '');
  if (!/^\d{5,9}$/.test(s)) return null;
  return s.padStart(9, '0');
}

/** Whether the number has a valid check digit (and is not all zeros). */
export function isValidIsraeliId(input: unknown): boolean {
  const digits = israeliIdDigits(input);
  if (!digits || /^0+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    const product = Number(digits[i]) * (i % 2 === 0 ? 1 : 2);
    sum += product > 9 ? product - 9 : product;
  }
  return sum % 10 === 0;
}

/** A company number (ח.פ.) starts with 5 (51 companies, 52 public bodies, 55 cooperatives, 58 non-profits). */
export function isCompanyNumber(input: unknown): boolean {
  const digits = israeliIdDigits(input);
  return digits?.startsWith('5') === true && isValidIsraeliId(digits);
}
