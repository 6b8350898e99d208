/** What the car sign prints (pure, tested): the price only above 0, the facts that the ad has. */

import { HAND_OPTIONS } from '@app/catalog/vehicles/hands';
import type { PublicAdResponse } from '@app/contract/publish';
import { heCarSign as t } from '../../shared/i18n/index.ts';

const withSeparators = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** The ad's price in shekels when it is above 0 (after-save-area.md §4: "the price (only when above 0)"). */
export function signPrice(price: string | null): number | undefined {
  const amount = Number((price ?? '').replace(/,/g, ''));
  return Number.isFinite(amount) && amount > 0 ? amount : undefined;
}

/** Year, hand ('ראשונה', from the field's option 'יד ראשונה') and kilometres, those the ad has. */
export function signFacts(ad: Pick<PublicAdResponse, 'Year' | 'Hand' | 'KM'>): { label: string; value: string }[] {
  const facts: { label: string; value: string }[] = [];
  if (ad.Year) facts.push({ label: t.year, value: ad.Year });
  const hand = ad.Hand === null ? undefined : HAND_OPTIONS.find((option) => String(option.value) === ad.Hand);
  if (hand) facts.push({ label: t.hand, value: hand.text.replace(/^יד /, '') });
  const km = (ad.KM ?? '').replace(/\D/g, '');
  if (km) facts.push({ label: t.km, value: t.kmValue(withSeparators(String(Number(km)))) });
  return facts;
}
