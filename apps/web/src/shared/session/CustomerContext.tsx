import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { type Customer, clearEarly, fetchCustomer, GUEST } from '../api/index.ts';

export interface CustomerContextValue {
  /** False until the first GET /api/auth/customer answered (or failed: then a guest). */
  loaded: boolean;
  customer: Customer;
  refetch: () => Promise<Customer>;
  setCustomer: (customer: Customer) => void;
}

const CustomerContext = createContext<CustomerContextValue | null>(null);

export function CustomerProvider({ children }: { children: ReactNode }) {
  const [customer, setCustomer] = useState<Customer>(GUEST);
  const [loaded, setLoaded] = useState(false);

  const refetch = useCallback(async () => {
    const next = await fetchCustomer();
    setCustomer(next);
    setLoaded(true);
    return next;
  }, []);

  useEffect(() => {
    void refetch();
  }, [refetch]);

  // Answers asked for ahead (shared/api/early.ts: a wizard's draft) belong to the session that asked: a login or a logout
  // drops them, so a guest's refusal is never taken by the customer who logs in next.
  const sessionOf = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!loaded) return;
    if (sessionOf.current !== undefined && sessionOf.current !== customer.id) clearEarly();
    sessionOf.current = customer.id;
  }, [loaded, customer.id]);

  const value = useMemo(() => ({ loaded, customer, refetch, setCustomer }), [loaded, customer, refetch]);
  return <CustomerContext.Provider value={value}>{children}</CustomerContext.Provider>;
}

export function useCustomer(): CustomerContextValue {
  const value = useContext(CustomerContext);
  if (!value) throw new Error('useCustomer must be used inside <CustomerProvider>');
  return value;
}

export const GUEST_ID = 0;

export const isLoggedIn = (customer: Customer): boolean => customer.id !== GUEST_ID;

export const fullName = (customer: Customer): string => `${customer.firstName} ${customer.lastName}`.trim();
