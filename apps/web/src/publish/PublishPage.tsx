import { useCallback, useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { rememberOverrides } from '../app/abTests.ts';
import { useCustomer } from '../app/CustomerContext.tsx';
import { CategoryChooser } from '../chooser/CategoryChooser.tsx';
import { he } from '../i18n/he.ts';
import { PublishSteps } from './PublishSteps.tsx';
import { publishRedirect } from './publishGuard.ts';
import { readStep, startQuery } from './publishQuery.ts';
import { usePublishBack } from './usePublishBack.ts';

/** /publish: the category chooser without a cat in the query, otherwise the step area. */
export function PublishPage() {
  const [params] = useSearchParams();
  usePublishBack();
  // An A/B override in the URL (?ab=<test>, ?ab=-<test>) is remembered for the tab (QA and tests).
  useEffect(() => {
    rememberOverrides(params);
  }, [params]);
  return params.get('cat') ? <PublishArea params={params} /> : <CategoryChooser />;
}

function PublishArea({ params }: { params: URLSearchParams }) {
  const { loaded, customer } = useCustomer();
  const navigate = useNavigate();
  const started = useRef(false);
  // The step the URL had when the page opened, before startQuery moves it: the wizard resumes from it once.
  const startStep = useRef<number | undefined>(readStep(params));
  const takeStartStep = useCallback(() => startStep.current, []);
  const startStepUsed = useCallback(() => {
    startStep.current = undefined;
  }, []);
  const redirect = loaded ? publishRedirect(params, customer) : null;

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

  if (!loaded || redirect) {
    return (
      <>
        <h1 className="visually-hidden">{he.meta.publish}</h1>
        <p className="publish__loading" role="status">
          {redirect?.startsWith('/login') ? he.publish.redirecting : he.common.loading}
        </p>
      </>
    );
  }
  return <PublishSteps params={params} startStep={{ take: takeStartStep, used: startStepUsed }} />;
}
