/**
 * What a new ad's save reads before it writes, in one statement: the customer's numbers (the contact step's check,
 * and whether the first has its virtual number), the blocked words in the ad's text, and the customer's packages
 * (the answer's plan step). Under load a save's time was mostly its trips to the database, one after the other;
 * this is one trip where there were three, plus two that the virtual number's allocation no longer needs.
 */

import { bannedWordsSql } from '../ads/ads-repository.ts';
import {
  CUSTOMER_PHONES_SQL,
  type CustomerPhone,
  type CustomerPhoneRow,
  toCustomerPhone,
} from '../phones/phone-repository.ts';
import {
  type CustomerPackageDbRow,
  type CustomerPackageRow,
  toPackage,
} from '../plans/customer-packages-repository.ts';
import type { Queryable } from '../platform/db/db.ts';

export interface SaveReads {
  phones: CustomerPhone[];
  /** The blocked words in the text, before the ad's approved words are taken out. */
  words: string[];
  /** Newest first, as packagesOfCustomer. */
  packages: CustomerPackageRow[];
}

export async function readBeforeSave(db: Queryable, customerId: number, text: string): Promise<SaveReads> {
  const [row] = await db.query<{ phones: CustomerPhoneRow[]; words: string[]; packages: CustomerPackageDbRow[] }>(
    `SELECT
       (SELECT coalesce(json_agg(p), '[]'::json) FROM (${CUSTOMER_PHONES_SQL}) p) AS phones,
       (SELECT coalesce(array_agg(w.word), '{}') FROM (${bannedWordsSql('$2')}) w WHERE btrim($2) <> '') AS words,
       (SELECT coalesce(json_agg(k ORDER BY k.bought_at DESC, k.id DESC), '[]'::json)
          FROM customer_packages k WHERE k.customer_id = $1) AS packages`,
    [customerId, text],
  );
  return {
    phones: (row?.phones ?? []).map(toCustomerPhone),
    words: row?.words ?? [],
    packages: (row?.packages ?? []).map(toPackage),
  };
}
