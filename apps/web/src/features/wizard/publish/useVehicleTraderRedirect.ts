import { useEffect, useState } from 'react';
import { type Customer, fetchExternalLinks, fetchFields } from '../../../shared/api/index.ts';
import { allowlistOf, followRedirect } from '../redirects.ts';
import { vehicleTraderSelection } from './publishGuard.ts';

/**
 * A vehicle trader on a vehicle subcat of theirs, also on the sub-category picker (where the wizard's fields are not
 * asked for yet): the fields answer is asked for first and its redirect followed (the partner cars site or the
 * promotion page, URLs of the server's configuration; another origin only when GET /api/site-config lists it), so
 * a trader without a package of vehicle ads never starts a wizard here. 'checking' until the server answers,
 * 'redirecting' once its redirect is followed, 'stay' otherwise (and at once for everyone else).
 */
export function useVehicleTraderRedirect(
  params: URLSearchParams,
  customer: Customer,
  loaded: boolean,
): 'checking' | 'redirecting' | 'stay' {
  const selection = loaded ? vehicleTraderSelection(params, customer) : null;
  const key = selection ? `${customer.id}:${selection.cat}:${selection.subcat}` : '';
  const [answered, setAnswered] = useState<{ key: string; redirecting: boolean } | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the selection and the customer
  useEffect(() => {
    if (!selection) return;
    let live = true;
    void (async () => {
      const [outcome, links] = await Promise.all([fetchFields(selection), fetchExternalLinks()]);
      if (!live) return;
      const redirect = outcome.kind === 'ok' ? outcome.response.redirectForce : undefined;
      setAnswered({ key, redirecting: followRedirect(redirect, allowlistOf(links)) });
    })();
    return () => {
      live = false;
    };
  }, [key]);

  if (!key) return 'stay';
  if (answered?.key !== key) return 'checking';
  return answered.redirecting ? 'redirecting' : 'stay';
}
