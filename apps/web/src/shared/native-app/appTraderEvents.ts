/**
 * The trader events of the native app (publish-wizard.md §6): a business advertiser chosen in the chooser's
 * business menu. Inside the app:
 * - a vehicle trader of the sub-categories sent to the partner cars site (1, 2, 3, 6, 9, 13; spec §6) posts
 *   onCarTraderUser and stays (the app opens its own trader flow instead of the partner site);
 * - a real-estate broker (tivuch: the broker entries sale, rent, commercial) posts onTivUser and goes on publishing.
 * In a browser nothing is posted and the entry works as a link or a step as before.
 */
import { CAT } from '@app/catalog/categories/ids';
import type { ChooserTarget } from '@app/catalog/chooser';
import { APP_EVENTS } from './appEvents.ts';

export interface TraderAppEvent {
  event: (typeof APP_EVENTS)['tivUser' | 'carTraderUser'];
  data: { catId: number; subCatId: number };
  /** The app replaces the web's way (the partner site): the page does not navigate. */
  replacesNavigation: boolean;
}

export function traderAppEvent(target: ChooserTarget): TraderAppEvent | undefined {
  if (target.kind === 'external' && target.linkKey === 'vehiclePartner') {
    return {
      event: APP_EVENTS.carTraderUser,
      data: { catId: CAT.vehicles, subCatId: Number(target.params?.subcat ?? 0) },
      replacesNavigation: true,
    };
  }
  if (target.kind === 'publish' && target.params.cat === String(CAT.realEstate) && target.params.istrader === '1') {
    return {
      event: APP_EVENTS.tivUser,
      data: { catId: CAT.realEstate, subCatId: Number(target.params.subcat ?? 0) },
      replacesNavigation: false,
    };
  }
  return undefined;
}
