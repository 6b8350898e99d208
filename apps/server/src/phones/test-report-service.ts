/**
 * The test-report checkbox (after-save-area.md §4 names it and says only that it flips 0/1; what it does is our
 * reading, docs/ARCHITECTURE.md): when a save turns it on beside a ticked virtual number, the provider calls the
 * ad's primary phone through its virtual number once, so the advertiser hears that calls reach them. The call is
 * counted against the customer's voice-call limits; a refusal or a provider failure is logged and never fails the
 * save, and the saved ad keeps testReport as the user chose it.
 */
import { CONTACT_FIELDS } from '@app/catalog/categories/contact';
import type { WireValues } from '@app/contract/publish';
import type { FastifyBaseLogger } from 'fastify';
import type { PhoneService } from './phone-service.ts';

/** What a save stored over what the ad had before (null before: a new ad). */
export interface SavedChange {
  customerId: number;
  orderId: number;
  before: Readonly<Record<string, unknown>> | null;
  after: Readonly<WireValues>;
  /** The save read that the first phone already has its virtual number: nothing to allocate. */
  phone1HasVirtual?: boolean;
}

const testing = (v: Readonly<Record<string, unknown>> | null): boolean =>
  v?.[CONTACT_FIELDS.testReport] === '1' && v[CONTACT_FIELDS.virtualNum] === '1';

/**
 * One test call per change: the save turned the test report on (with the virtual number), or it was on and the
 * primary phone changed. Saving again with nothing changed calls nobody.
 */
export function wantsTestCall(change: Pick<SavedChange, 'before' | 'after'>): boolean {
  if (!testing(change.after)) return false;
  if (!testing(change.before)) return true;
  return change.before?.[CONTACT_FIELDS.phone1] !== change.after[CONTACT_FIELDS.phone1];
}

/** After save-ad (publish or edit): the test call when the save asks for one. Never throws. */
export async function testCallAfterSave(
  phones: PhoneService,
  log: FastifyBaseLogger,
  ip: string,
  change: SavedChange | null,
): Promise<void> {
  if (!change || !wantsTestCall(change)) return;
  const where = { customerId: change.customerId, orderId: change.orderId };
  try {
    const outcome = await phones.testCall(change.customerId, ip, change.after[CONTACT_FIELDS.phone1]);
    if (outcome.ok) log.info(where, 'test call placed through the virtual number');
    else log.warn({ ...where, ...outcome }, 'test call not placed');
  } catch (err) {
    log.error({ ...where, err }, 'test call failed');
  }
}

/**
 * After save-ad: an ad saved with the virtual number on gets its primary phone's virtual number now (GET add-virtual
 * gives the same one later), so the public view has a number to show. Allocated on save, not when the contact step
 * renders: a number costs money, and most opened steps are never saved. Never throws.
 */
export async function virtualNumberAfterSave(
  phones: PhoneService,
  log: FastifyBaseLogger,
  change: SavedChange | null,
): Promise<void> {
  if (!change || change.after[CONTACT_FIELDS.virtualNum] === '0' || change.phone1HasVirtual) return;
  const phone = change.after[CONTACT_FIELDS.phone1];
  if (typeof phone !== 'string' || phone === '') return;
  try {
    const outcome = await phones.addVirtual(change.customerId, phone);
    if (!outcome.ok) log.warn({ orderId: change.orderId }, 'no virtual number for the ad');
  } catch (err) {
    log.error({ orderId: change.orderId, err }, 'virtual number allocation failed');
  }
}
