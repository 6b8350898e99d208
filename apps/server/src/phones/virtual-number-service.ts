/**
 * The ad's virtual number choice over time (after-save-area.md §4 "Virtual number checkbox", §9): unticking the
 * virtual number and confirming the cancel saves virtual_num_canceled '1'; 48 hours after that cancel the service
 * is re-enabled by itself (virtual_num '1', virtual_num_canceled '0'). The cancel time is the ad's
 * virtual_canceled_at; the re-enable is a scheduled job (platform/jobs/scheduler.ts), so it survives a restart and runs once
 * whichever server process ticks.
 */
import { CONTACT_FIELDS } from '@app/catalog/categories/contact';
import type { FieldsAdData, SaveAdResponse } from '@app/contract/publish';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/db.ts';
import { cancelJob, scheduleJob } from '../platform/jobs/jobs-repository.ts';
import type { JobScheduler } from '../platform/jobs/scheduler.ts';
import { clearVirtualCancel, lockVirtualChoice, reenableVirtual, setVirtualCanceledAt } from './phone-repository.ts';
import type { SavedChange } from './test-report-service.ts';

export const VIRTUAL_REENABLE_JOB = 'virtual-number.reenable';
/** The spec's "re-enabled 48 hours after cancelling". */
export const VIRTUAL_REENABLE_AFTER_MS = 48 * 60 * 60 * 1000;

const jobKey = (orderId: number) => `ad:${orderId}`;

/**
 * After save-ad (publish or edit): a cancelled virtual number gets its cancel time (the first save that cancelled
 * it; a later save of the still-cancelled ad keeps it) and its re-enable job; a virtual number that is on again
 * drops both. Does nothing for an answer that saved no ad (field errors, 404).
 */
export async function syncVirtualNumberAfterSave(
  db: Db,
  clock: Clock,
  customerId: number,
  answer: SaveAdResponse | { status: number },
  change?: SavedChange | null,
): Promise<void> {
  const saved = answer as SaveAdResponse;
  const orderId = saved.orderID ?? saved.hasWordBlockedOrderID;
  if (!orderId || saved.errFields) return;
  // An ad this save created (no values before) has no cancel time and no re-enable job yet: unless it was saved
  // with the cancel flag (a cancel, or a stale flag beside the ticked box) there is nothing to write, and the
  // locked read and the commit below are skipped (profiled: they were a third of a new ad's database round trips).
  if (change?.before === null && change.orderId === orderId && change.after[CONTACT_FIELDS.virtualCanceled] !== '1')
    return;
  const now = clock.now();
  await db.transaction(async (tx) => {
    const ad = await lockVirtualChoice(tx, orderId, customerId);
    if (!ad) return;
    const on = ad.values[CONTACT_FIELDS.virtualNum] === '1';
    const cancelled = !on && ad.values[CONTACT_FIELDS.virtualCanceled] === '1';
    if (cancelled) {
      const since = ad.canceledAt ?? now;
      if (!ad.canceledAt) await setVirtualCanceledAt(tx, orderId, since);
      await scheduleJob(
        tx,
        {
          kind: VIRTUAL_REENABLE_JOB,
          key: jobKey(orderId),
          runAt: new Date(since.getTime() + VIRTUAL_REENABLE_AFTER_MS),
          payload: { orderId, canceledAt: since.toISOString() },
        },
        now,
      );
      return;
    }
    await cancelJob(tx, VIRTUAL_REENABLE_JOB, jobKey(orderId), now);
    // Ticked again: no cancel is pending any more (a stale '1' beside virtual_num '1' is cleared too).
    if (ad.canceledAt !== null || (on && ad.values[CONTACT_FIELDS.virtualCanceled] === '1')) {
      await clearVirtualCancel(tx, orderId, CONTACT_FIELDS.virtualCanceled);
    }
  });
}

/**
 * The re-enable job: the ad's virtual number on again, if the ad is still cancelled by the same cancel (a newer
 * cancel has its own job) and not deleted. The ad's updated_at is left alone: the advertiser did not edit it.
 */
// An edit still pending (an active ad's, waiting for order-edited) is re-enabled too, or its finish would bring the
// cancel back for good.
export function registerVirtualNumberJobs(scheduler: JobScheduler): void {
  scheduler.register(VIRTUAL_REENABLE_JOB, async (job, { tx }) => {
    const orderId = Number(job.payload.orderId);
    const canceledAt = typeof job.payload.canceledAt === 'string' ? new Date(job.payload.canceledAt) : null;
    if (!Number.isSafeInteger(orderId) || !canceledAt) return;
    await reenableVirtual(tx, orderId, canceledAt, {
      onField: CONTACT_FIELDS.virtualNum,
      canceledField: CONTACT_FIELDS.virtualCanceled,
    });
  });
}

/** The fields response's adData.data: the ad's virtual number choice (the step's defaults when never saved). */
export function virtualNumberData(values: Record<string, unknown>): NonNullable<FieldsAdData['data']> {
  const pick = (id: string, fallback: '0' | '1'): '0' | '1' => {
    const v = values[id];
    return v === '0' || v === '1' ? v : fallback;
  };
  return {
    virtual_num: pick(CONTACT_FIELDS.virtualNum, '1'),
    virtual_num_canceled: pick(CONTACT_FIELDS.virtualCanceled, '0'),
  };
}
