import { adTitleWordsOf } from '../../src/ads/ad-title.ts';
import type { AdStatus } from '../../src/ads/ads-repository.ts';
import { insertAd } from '../../src/ads/ads-repository.ts';
import type { Agent, TestApp } from './test-app.ts';

/** The session's customer id. */
export async function custId(agent: Agent): Promise<number> {
  return (await agent.get('/api/auth/customer')).json().CustID as number;
}

/**
 * A stored ad of a customer, in the given state: the side flows read only its category, values and owner, so the
 * ad is written directly (the save-ad path has its own tests).
 */
export async function storedAd(
  t: TestApp,
  customerId: number,
  values: Record<string, string | string[]>,
  status: AdStatus = 'draft',
): Promise<number> {
  const cat = Number(values.cat);
  const subcat = values.subcat === undefined ? null : Number(values.subcat);
  const selectors: Record<string, string> = { cat: String(cat) };
  if (subcat !== null) selectors.subcat = String(subcat);
  for (const key of ['SalesCatID', 'SalesSubCatID', 'petType'] as const) {
    if (values[key] !== undefined) selectors[key] = String(values[key]);
  }
  const titleWords = adTitleWordsOf(selectors, values);
  const { ad } = await insertAd(t.db, { customerId, cat, subcat, selectors, values, titleWords, status });
  return ad.orderId;
}

export async function count(t: TestApp, sql: string, params: unknown[]): Promise<number> {
  const [row] = await t.db.query<{ n: number | string }>(sql, params);
  return Number(row?.n ?? 0);
}
