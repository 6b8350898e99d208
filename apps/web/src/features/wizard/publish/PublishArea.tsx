import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from '../../../shared/routing/index.ts';
import { isLoggedIn, useCustomer } from '../../../shared/session/index.ts';
import { PublishLoading } from './PublishLoading.tsx';
import { PublishSteps } from './PublishSteps.tsx';
import { publishRedirect } from './publishGuard.ts';
import { readStep, startQuery } from './publishQuery.ts';
import { useVehicleTraderRedirect } from './useVehicleTraderRedirect.ts';

/** /publish with a category: the step area (loaded on demand: the chooser does not need it). */
export default function PublishArea({ params }: { params: URLSearchParams }) {
  const { loaded, customer } = useCustomer();
  const navigate = useNavigate();
  const started = useRef(false);
  // The step the URL had when the page opened, before startQuery moves it: the wizard resumes from it once.
  const startStep = useRef<number | undefined>(readStep(params));
  const takeStartStep = useCallback(() => startStep.current, []);
  const startStepUsed = useCallback(() => {
    startStep.current = undefined;
  }, []);
  // A session that ends on the way (a 422 in the wizard) does not send the user away: the contact step offers the
  // login inside it and nothing typed is lost. Only a guest who never was logged in here goes to /login.
  const wasCustomer = useRef(false);
  if (loaded && isLoggedIn(customer)) wasCustomer.current = true;
  const guard = loaded ? publishRedirect(params, customer) : null;
  const redirect = guard?.startsWith('/login') && wasCustomer.current ? null : guard;
  // A vehicle trader without a package of vehicle ads publishes elsewhere: the server's fields answer says where.
  const vehicleTrader = useVehicleTraderRedirect(params, customer, loaded);

  useEffect(() => {
    if (redirect) navigate(redirect, { replace: true });
  }, [redirect, navigate]);

  // A step given in the URL at start goes to step 1 (or stays, in debug mode).
  useEffect(() => {
    if (!loaded || started.current) return;
    started.current = true;
    const next = startQuery(params, customer.debugMode);
    if (next) navigate({ search: `?${next}` }, { replace: true });
  }, [loaded, params, customer.debugMode, navigate]);

  if (!loaded || redirect || vehicleTrader !== 'stay') {
    return <PublishLoading redirecting={redirect?.startsWith('/login')} />;
  }
  return <PublishSteps params={params} startStep={{ take: takeStartStep, used: startStepUsed }} />;
}
