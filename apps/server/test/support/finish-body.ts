/**
 * The body of POST /api/publish/finish-publish for an ad saved from the wizard (after-save-area.md §7): the ad's
 * category, its order and record id (one ad, one record here), no subscription. `extra` adds or overrides fields
 * (orderType, pt_hash, a mass-assignment attempt…). Default category: a private car (1/1).
 */
export function finishBody(
  orderId: number,
  extra: Record<string, unknown> = {},
  category: { CatID: number | string; SubCatID: number | string } = { CatID: 1, SubCatID: 1 },
): Record<string, unknown> {
  return { ...category, OrderID: orderId, RecordID: orderId, order_subscribe: 0, ...extra };
}

/** finish-publish on the free track. */
export const freeFinishBody = (orderId: number) => finishBody(orderId, { orderType: 'Free' });
