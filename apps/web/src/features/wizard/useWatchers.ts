import type { PublishRedirect } from '@app/contract/publish';
import { redirectMessage } from '@app/form-engine/messages';
import type { RedirectTarget } from '@app/form-engine/model';
import { useEffect } from 'react';
import { useExternalLinks } from '../../shared/hooks/index.ts';
import { useNavigate } from '../../shared/routing/index.ts';
import { flash } from './flash.ts';
import { carriedValues, firedRedirect, oldSiteUrl, ruleQuery } from './publishRedirects.ts';
import { allowlistOf, followRedirect } from './redirects.ts';
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
 * moves to the other section with 'המודעה תפורסם במדור {section}'. The server's redirect rules (`rules`, the
 * fields answer's publishRedirects) are watched the same way: the rule's message, then its selection with the
 * values it carries, or its page on the older site.
 */
export function useWatchers(form: FormState, params: URLSearchParams, rules?: readonly PublishRedirect[]): void {
  const navigate = useNavigate();
  const links = useExternalLinks();
  const redirect = form.resolution.redirect;
  const values = form.values;
  useEffect(() => {
    const rule = firedRedirect(rules, values, form.lastChanged.current);
    if (!rule) return;
    form.lastChanged.current = undefined;
    const query = ruleQuery(rule, params);
    if (query) {
      flash(rule.message);
      navigate({ search: `?${query}` }, { replace: true, state: { carry: carriedValues(rule, values) } });
      return;
    }
    const url = oldSiteUrl(rule, links.oldSite);
    if (url && followRedirect(url, allowlistOf(links))) flash(rule.message);
  }, [rules, values, form.lastChanged, navigate, params, links]);
  useEffect(() => {
    if (!redirect || form.lastChanged.current !== redirect.field) return;
    form.lastChanged.current = undefined;
    flash(redirectMessage(redirect.to.section));
    navigate({ search: `?${redirectQuery(redirect.to, params)}` }, { replace: true });
  }, [redirect, form.lastChanged, navigate, params]);
}
