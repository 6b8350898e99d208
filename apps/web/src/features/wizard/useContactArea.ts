import { CONTACT_FIELDS } from '@app/catalog/categories/contact';
import type { Selectors, WireValues } from '@app/contract/publish';
import type { Values } from '@app/form-engine/model';
import { useCallback, useEffect, useRef } from 'react';
import { fetchArea } from '../../shared/api/index.ts';
import { whenIdle } from '../../shared/routing/index.ts';
import { isLoggedIn, useCustomer } from '../../shared/session/index.ts';
import type { WizardCore } from './useWizardCore.ts';

/** The prefill values a field takes: only where the wizard has nothing (a draft's or the ad's value wins). */
export function prefillPatch(prefill: WireValues, current: Values, initial: Values): Values {
  const patch: Record<string, string | string[]> = {};
  for (const [id, value] of Object.entries(prefill)) {
    const now = current[id];
    const empty = now === undefined || now === '' || (Array.isArray(now) && now.length === 0);
    // A checkbox always has a value (its default): it takes the prefill only when nothing was restored for it.
    if (empty || (initial[id] === undefined && typeof value === 'string' && (value === '0' || value === '1'))) {
      patch[id] = value;
    }
  }
  return patch;
}

/**
 * The contact (login) area (publish-wizard.md §4): when the wizard opens for a logged-in customer its
 * empty fields take the customer's details (GET fields?…&area=: the account's name and number, the latest ad's
 * contact details); when the user logs in on the way (a session that ended mid-wizard, "login as another user") the
 * area is fetched again, its fields cleared and filled with the new login's details. A prefill is not the user's
 * change (no draft is saved for it alone). Returns the refetch for other triggers (a trader result in cat 3).
 */
export function useContactArea(
  core: WizardCore,
  selectors: Selectors,
  initial: Values,
  options: { edit?: boolean } = {},
): () => Promise<void> {
  const { customer } = useCustomer();
  const area = core.steps.find((step) => step.isLoginArea)?.area;
  const { replaceArea, form } = core;
  const { assign } = form;
  const valuesNow = useRef(form.values);
  valuesNow.current = form.values;

  const refetch = useCallback(async () => {
    if (!area) return;
    const fresh = await fetchArea(selectors, area);
    if (!fresh) return;
    replaceArea(fresh.step);
    if (Object.keys(fresh.values).length > 0) assign(fresh.values, { byUser: false });
  }, [area, selectors, replaceArea, assign]);

  // Once, when the wizard opens for a logged-in customer: fill what is empty (a later login refetches below).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, with the customer the wizard opened for
  useEffect(() => {
    if (!area || !isLoggedIn(customer)) return;
    let alive = true;
    // Edit mode: only an ad saved without contact details takes the customer's name and number (never another ad's
    // second contact or choices).
    if (options.edit && typeof initial[CONTACT_FIELDS.phone1] === 'string' && initial[CONTACT_FIELDS.phone1] !== '')
      return;
    // Asked for once the open step has painted: the prefill is for a later step and does not hold up this one.
    const cancel = whenIdle(
      () =>
        void fetchArea(selectors, area).then((fresh) => {
          if (!alive || !fresh) return;
          const values = options.edit
            ? Object.fromEntries(
                Object.entries(fresh.values).filter(
                  ([id]) => id === CONTACT_FIELDS.name || id === CONTACT_FIELDS.phone1,
                ),
              )
            : fresh.values;
          const patch = prefillPatch(values, valuesNow.current, initial);
          if (Object.keys(patch).length > 0) assign(patch, { byUser: false });
        }),
    );
    return () => {
      alive = false;
      cancel();
    };
  }, []);

  // Each answer of the customer call (after a login in the popup or in the step) is a new customer object. Only a
  // login as ANOTHER account than the last one logged in here clears the area for the new account's details: the
  // same customer logging in again (a session that ended on the way) keeps everything typed in it.
  const lastCustomer = useRef(isLoggedIn(customer) ? customer.id : 0);
  useEffect(() => {
    if (!isLoggedIn(customer)) return;
    const before = lastCustomer.current;
    lastCustomer.current = customer.id;
    if (customer.id !== before) void refetch();
  }, [customer, refetch]);
  return refetch;
}
