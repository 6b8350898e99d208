/** What a save-ad answer means (publish-wizard.md §4 "Save outcomes"), decided in one place. */
import type { ChooseOrderType } from '@app/contract/orders';
import type { SaveAdResponse } from '@app/contract/publish';
import { chooseOrderTypeOf } from '../../shared/api/index.ts';

export type SaveResult =
  | { kind: 'fieldErrors'; errFields: Record<string, string> }
  | { kind: 'wordBlocked'; path: string }
  | { kind: 'mainError'; message: string }
  | { kind: 'redirect'; url: string }
  | { kind: 'saved'; orderID: number; recordID: number; chooseOrderType?: ChooseOrderType }
  | { kind: 'failed' };

export function saveResult(response: SaveAdResponse, selectors: { cat?: string; subcat?: string }): SaveResult {
  if (response.errFields && Object.keys(response.errFields).length > 0) {
    return { kind: 'fieldErrors', errFields: response.errFields };
  }
  const blocked = response.hasWordBlocked;
  const blockedOrder = blocked?.orderID ?? response.hasWordBlockedOrderID;
  if (blocked || blockedOrder) {
    const query = new URLSearchParams();
    if (blockedOrder !== undefined) query.set('OrderID', String(blockedOrder));
    const cat = blocked?.CatID ?? selectors.cat;
    const subcat = blocked?.SubCatID ?? selectors.subcat;
    if (cat !== undefined && cat !== null) query.set('cat', String(cat));
    if (subcat !== undefined && subcat !== null) query.set('subcat', String(subcat));
    return { kind: 'wordBlocked', path: `/finishArea?${query}` };
  }
  if (response.mainError) return { kind: 'mainError', message: response.mainError };
  if (response.redirectForce) return { kind: 'redirect', url: response.redirectForce };
  const orderID = response.orderID ?? response.OrderID;
  const recordID = response.recordID ?? response.RecordID;
  if (orderID && recordID) {
    // The success answer carries the plan step's tracks (chooseOrderType).
    const plan = chooseOrderTypeOf(response);
    return { kind: 'saved', orderID, recordID, ...(plan ? { chooseOrderType: plan } : {}) };
  }
  return { kind: 'failed' };
}
