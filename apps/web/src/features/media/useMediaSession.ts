import { photoCap } from '@app/contract/media';
import { draftSelectionKey, type Selectors } from '@app/contract/publish';
import type { FieldDef, StepDef } from '@app/form-engine/model';
import { useEffect, useMemo, useRef, useState } from 'react';
import { track } from '../../shared/analytics/index.ts';
import { listImages, newIdempotencyKey, orderImages, reserveOrder, uploadSlot } from '../../shared/api/index.ts';
import type { MediaEnv } from '../../shared/fields/index.ts';
import { useCustomer } from '../../shared/session/index.ts';
import { MediaSession } from './session.ts';

/** The wizard's photo field (type image with a cropper), if its steps have one. */
export function photoFieldOf(steps: readonly StepDef[]): FieldDef | undefined {
  return steps.flatMap((step) => step.fields).find((field) => field.type === 'image' && field.cropper);
}

const storageKey = (selectors: Selectors) => `media-reserve:${draftSelectionKey(selectors)}`;

interface Reservation {
  key: string;
  orderId?: number;
}

function readReservation(selectors: Selectors, customerId: number): Reservation {
  try {
    const saved = JSON.parse(sessionStorage.getItem(storageKey(selectors)) ?? 'null') as
      | (Reservation & { customerId: number })
      | null;
    if (saved && saved.customerId === customerId) return saved;
  } catch {
    // A broken entry is replaced.
  }
  return { key: newIdempotencyKey() };
}

function writeReservation(selectors: Selectors, customerId: number, reservation: Reservation) {
  try {
    sessionStorage.setItem(storageKey(selectors), JSON.stringify({ ...reservation, customerId }));
  } catch {
    // Private mode without storage: the server still finds the reservation by the selection.
  }
}

/** After the first save the reserved ad is a saved ad: the next draft of the selection reserves a new one. */
export function forgetReservation(selectors: Selectors) {
  try {
    sessionStorage.removeItem(storageKey(selectors));
  } catch {
    // Nothing kept.
  }
}

/**
 * The photos of a wizard and the ad they upload to: `orderId` when the wizard knows its ad (edit, after a save),
 * else an ad reserved for this draft on the first photo (remembered for the tab, so a reload shows the photos
 * already stored). Visitors' photos wait for the login. Undefined when the steps have no photo field.
 */
export function useMediaSession(
  steps: readonly StepDef[],
  selectors: Selectors,
  orderId: number | undefined,
): MediaEnv | undefined {
  const { customer } = useCustomer();
  const field = photoFieldOf(steps);
  const latest = useRef({ orderId, customerId: customer.id, selectors });
  latest.current = { orderId, customerId: customer.id, selectors };
  const [session] = useState(() => {
    const cropper = field?.cropper;
    if (!cropper) return undefined;
    return new MediaSession({
      cap: photoCap(cropper.total_images),
      size: { width: cropper.size.w, height: cropper.size.h },
      centerPoint: cropper.centerPoint === true,
      api: { upload: uploadSlot, list: listImages, order: orderImages },
      device: () => import('./device/prepare.ts').then((m) => m.pipeline),
      track,
      ensureOrderId: async () => {
        const now = latest.current;
        if (now.orderId) return now.orderId;
        if (!now.customerId) return null;
        let reservation = readReservation(now.selectors, now.customerId);
        if (reservation.orderId) return reservation.orderId;
        let result = await reserveOrder(now.selectors, reservation.key);
        if (result.status === 409) {
          // The tab's key belongs to an ad saved since: a new reservation with a new key.
          forgetReservation(now.selectors);
          reservation = { key: newIdempotencyKey() };
          result = await reserveOrder(now.selectors, reservation.key);
        }
        const reserved = result.ok ? result.data?.OrderID : undefined;
        if (!reserved) return null;
        writeReservation(now.selectors, now.customerId, { ...reservation, orderId: reserved });
        return reserved;
      },
    });
  });
  useEffect(() => {
    session?.revive();
    return () => session?.dispose();
  }, [session]);

  // The photos already stored: the edited or saved ad's, or those of this tab's reserved ad.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the wizard opens
  useEffect(() => {
    if (!session) return;
    const known = orderId ?? (customer.id ? readReservation(selectors, customer.id).orderId : undefined);
    if (known) void session.restore(known);
  }, [session]);

  useEffect(() => {
    if (session && orderId) session.bind(orderId);
  }, [session, orderId]);
  // A login on the way (a visitor's, or the same account's again after its session ended: the customer is
  // fetched anew, with the same id): the waiting photos go up.
  useEffect(() => {
    if (session && customer.id) session.resume();
  }, [session, customer]);

  return useMemo(
    () =>
      session && {
        orderId,
        photos: session,
        ensureOrderId: () => session.ensureAd(),
      },
    [session, orderId],
  );
}
