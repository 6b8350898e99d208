/**
 * The real-estate lead flow's brokers (after-save-area.md §3 "Broker", §4 "Broker lead flow", §7
 * get-related-brokers and real-estate-lead): for an apartment for sale (cat 2, subcat 1), the brokers whose office
 * is in the ad's city; nothing for any other ad. The lead goes only to brokers of that list.
 */
import { CAT, SUBCAT } from '@app/catalog/categories/ids';
import type { RelatedBrokersResponse } from '@app/contract/planExtras';
import type { Ad } from '../ads/ads-repository.ts';
import { addressData } from '../catalogue/address-data.ts';
import type { Queryable } from '../platform/db/db.ts';
import { brokersInCity } from './brokers-repository.ts';

/** Whether the lead flow applies to an ad: real estate for sale (spec §4). */
export const offersBrokers = (ad: Ad): boolean => ad.cat === CAT.realEstate && ad.subcat === SUBCAT.realEstateSale;

function cityOf(ad: Ad): number | null {
  const v = ad.values.city;
  const text = typeof v === 'number' ? String(v) : typeof v === 'string' ? v : '';
  return /^\d{1,6}$/.test(text) ? Number(text) : null;
}

export async function relatedBrokers(db: Queryable, ad: Ad): Promise<RelatedBrokersResponse> {
  const cityCode = offersBrokers(ad) ? cityOf(ad) : null;
  const locality = cityCode === null ? undefined : addressData().locality.get(cityCode);
  if (cityCode === null || !locality) return { status: 200, brokers: [], cityCode: null, cityName: null };
  const offices = await brokersInCity(db, cityCode);
  return {
    status: 200,
    // A broker's own ad is not offered to the broker.
    brokers: offices
      .filter((o) => o.customerId !== ad.customerId)
      .map((o) => ({
        CustID: o.customerId,
        office_name: o.officeName,
        office_logo_url: o.officeLogoUrl,
        cityName: locality.name,
      })),
    cityCode,
    cityName: locality.name,
  };
}
