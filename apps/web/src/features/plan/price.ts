/** Track prices (after-save-area.md §9): thousands separators and the shekel sign, per N days (Intl he-IL). */
import { formatPrice } from '../../shared/format/index.ts';
import { hePlan } from '../../shared/i18n/index.ts';

const NUMBER = new Intl.NumberFormat('he-IL', { maximumFractionDigits: 2 });

/** Shekels for display (the wire's price): 1234 → '1,234 ₪'; 19.9 → '19.90 ₪' (one format: shared/format/price.ts). */
export function formatShekels(amount: number): string {
  return formatPrice(Math.round(amount * 100));
}

/** 'ל־30 ימים' ('ליום אחד', 'ליומיים'). */
export function perDays(days: number): string {
  if (days === 1) return hePlan.oneDay;
  if (days === 2) return hePlan.twoDays;
  return hePlan.perDays(NUMBER.format(days));
}

export interface PriceLine {
  amount: string;
  per: string;
}

/** A track's price line: its text price when free ('חינם'), else the amount; both per its days. */
export function trackPrice(
  track: { price: number; days: number; textPrice?: string | undefined },
  free: boolean,
): PriceLine {
  const per = track.days > 0 ? perDays(track.days) : '';
  return { amount: free ? track.textPrice || hePlan.free : formatShekels(track.price), per };
}
