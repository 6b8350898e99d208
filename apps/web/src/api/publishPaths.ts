import type { Selectors } from '@app/contract/publish';
import { withQuery } from './query.ts';

/** GET /api/publish/fields?<selectors>[&OrderID=<the wizard's saved ad>] (empty selectors removed). */
export const fieldsPath = (selectors: Selectors, orderId?: number): string =>
  withQuery('/api/publish/fields', orderId ? { ...selectors, OrderID: String(orderId) } : selectors);

/** GET /api/publish/draft?<selectors>. */
export const draftPath = (selectors: Selectors): string => withQuery('/api/publish/draft', selectors);
