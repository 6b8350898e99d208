import type { PhoneOption } from '@app/contract/phones';
import { normalisePhone } from '@app/contract/phones';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { fetchPhones } from '../../shared/api/index.ts';
import { isLoggedIn, useCustomer } from '../../shared/session/index.ts';

/**
 * The customer's confirmed numbers (GET /api/publish/phones), shared by the phone fields of the contact step: one
 * fetch per customer, fetched again after a number is confirmed or (de)activated.
 */
let state: { customerId: number; phones: readonly PhoneOption[] } = { customerId: 0, phones: [] };
const listeners = new Set<() => void>();
let inFlight: Promise<void> | null = null;

const emit = () => {
  for (const listener of listeners) listener();
};

async function load(customerId: number): Promise<void> {
  const phones = await fetchPhones();
  state = { customerId, phones: phones ?? [] };
  emit();
}

export function usePhones() {
  const { customer } = useCustomer();
  const id = isLoggedIn(customer) ? customer.id : 0;
  const snapshot = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
  useEffect(() => {
    if (id === 0 || state.customerId === id || inFlight) return;
    inFlight = load(id).finally(() => {
      inFlight = null;
    });
  }, [id]);
  const refresh = useCallback(() => (id === 0 ? Promise.resolve() : load(id)), [id]);
  const phones = snapshot.customerId === id ? snapshot.phones : [];
  return { phones, refresh };
}

/** The customer's entry for a number as typed, if it is one of theirs. */
export function phoneEntry(phones: readonly PhoneOption[], typed: string): PhoneOption | undefined {
  const digits = normalisePhone(typed);
  return digits ? phones.find((p) => p.value === digits) : undefined;
}
