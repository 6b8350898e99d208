/** Prices: thousands separators and the shekel sign; agorot only when there are any. */
export function formatPrice(agorot: number): string {
  const negative = agorot < 0;
  const abs = Math.abs(Math.round(agorot));
  const shekels = Math.floor(abs / 100);
  const rest = abs % 100;
  const whole = String(shekels).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const text = rest === 0 ? whole : `${whole}.${String(rest).padStart(2, '0')}`;
  return `${negative ? '-' : ''}${text} ₪`;
}

/** dd-mm-yyyy (the server's EndDate) as DD/MM/YYYY; anything else as it is. */
export const dashDateToSlashes = (value: string): string =>
  /^\d{2}-\d{2}-\d{4}$/.test(value) ? value.replaceAll('-', '/') : value;
