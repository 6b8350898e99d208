import { redirectMessage } from '@app/form-engine/messages';
import type { RedirectTarget } from '@app/form-engine/model';
import { useEffect } from 'react';
import { useNavigate } from '../../shared/routing/index.ts';
import { flash } from './flash.ts';
import type { FormState } from './useFormState.ts';

/** The publish query of a watcher's target: its selectors and step (1 by default); istrader is kept. */
export function redirectQuery(to: RedirectTarget, current: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams();
  next.set('cat', String(to.cat));
  if (to.subcat !== undefined) next.set('subcat', String(to.subcat));
  if (to.SalesCatID !== undefined) next.set('SalesCatID', String(to.SalesCatID));
  if (to.SalesSubCatID !== undefined) next.set('SalesSubCatID', String(to.SalesSubCatID));
  const trader = current.get('istrader');
  if (trader) next.set('istrader', trader);
  next.set('step', String(to.step ?? 1));
  return next;
}

/**
 * Field watchers (redirectOnChange, an option's redirectTo): when the user gives a watched value, the ad
 * moves to the other section with 'המודעה תפורסם במדור {section}'.
 */
export function useWatchers(form: FormState, params: URLSearchParams): void {
  const navigate = useNavigate();
  const redirect = form.resolution.redirect;
  useEffect(() => {
    if (!redirect || form.lastChanged.current !== redirect.field) return;
    form.lastChanged.current = undefined;
    flash(redirectMessage(redirect.to.section));
    navigate({ search: `?${redirectQuery(redirect.to, params)}` }, { replace: true });
  }, [redirect, form.lastChanged, navigate, params]);
}
