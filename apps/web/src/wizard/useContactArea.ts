import type { Selectors } from '@app/contract/publish';
import { useCallback, useEffect, useRef } from 'react';
import { fetchArea } from '../api/publish.ts';
import { isLoggedIn, useCustomer } from '../app/CustomerContext.tsx';
import type { WizardCore } from './useWizardCore.ts';

/**
 * The contact (login) area refetches alone (GET fields?…&area=, publish-wizard.md §4): its fields are
 * cleared and fetched again when the user logs in on the way (a session that ended mid-wizard and the login
 * popup, "login as another user": the contact details are the new login's). Returns the refetch for other
 * triggers.
 */
export function useContactArea(core: WizardCore, selectors: Selectors): () => Promise<void> {
  const { customer } = useCustomer();
  const area = core.steps.find((step) => step.isLoginArea)?.area;
  const { replaceArea } = core;
  const refetch = useCallback(async () => {
    if (!area) return;
    const fresh = await fetchArea(selectors, area);
    if (fresh) replaceArea(fresh);
  }, [area, selectors, replaceArea]);

  // Each answer of the customer call (after a login in the popup) is a new customer object.
  const fetchedFor = useRef(customer);
  useEffect(() => {
    if (fetchedFor.current === customer) return;
    fetchedFor.current = customer;
    if (isLoggedIn(customer)) void refetch();
  }, [customer, refetch]);
  return refetch;
}
