import type { Values } from '@app/form-engine/model';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { he } from '../../shared/i18n/index.ts';
import { Link, useLocation, whenIdle } from '../../shared/routing/index.ts';
import { preloadMediaCode } from '../media/index.ts';
import { PublishForm } from './PublishForm.tsx';
import { readStep, savedAdOf, selectorsOf } from './publish/publishQuery.ts';
import { useWizardLoad } from './useWizardLoad.ts';
import type { PlateCarry } from './vehicles/usePlateSearch.ts';
import './wizard.css';

export interface StartStep {
  take: () => number | undefined;
  used: () => void;
}

export interface PublishWizardProps {
  params: URLSearchParams;
  /** Step 0 (the sub-category picker, passed), rendered by the publish page. */
  categoryStep: ReactNode;
  /** The step the URL had when the page opened (used once; later mounts use the URL's step). */
  startStep: StartStep;
}

/** The wizard of /publish (lazy-loaded): loads the category's steps and the draft, then the form. */
export default function PublishWizard({ params, categoryStep, startStep: start }: PublishWizardProps) {
  const location = useLocation();
  const carried = (location.state as Partial<PlateCarry> | null) ?? null;
  const selectorsKey = JSON.stringify(selectorsOf(params));
  // biome-ignore lint/correctness/useExhaustiveDependencies: the selectors change only with their key
  const selectors = useMemo(() => selectorsOf(params), [selectorsKey]);
  const [carry] = useState<Values | undefined>(() => carried?.carry);
  const [autoAction] = useState(() => carried?.autoAction);
  const [startStep] = useState(() => start.take() ?? readStep(params));
  // The ad saved from this wizard (OrderID in the URL), read when the steps load (not a reason to reload them).
  const [orderId] = useState(() => savedAdOf(params));
  const load = useWizardLoad(
    carry ? { mode: 'publish', selectors, carried: carry, orderId } : { mode: 'publish', selectors, orderId },
  );

  // The media step's code comes once the shown step has painted (a reload on the media step loads it at once).
  const hasMedia =
    load.state === 'ready' && load.data.steps.some((step) => step.fields.some((f) => f.type === 'image'));
  useEffect(() => (hasMedia ? whenIdle(preloadMediaCode) : undefined), [hasMedia]);

  if (load.state === 'ready') {
    return (
      <PublishForm
        data={load.data}
        params={params}
        selectors={selectors}
        categoryStep={categoryStep}
        startStep={startStep}
        onStarted={start.used}
        autoAction={autoAction}
      />
    );
  }
  return (
    <ol className="steps" aria-label={he.wizard.stepsLabel}>
      {categoryStep}
      <li className="step step--open" data-testid={load.state === 'loading' ? undefined : 'step-details'}>
        <div className="step__body step__body--status">
          {load.state === 'notFound' ? (
            <div className="no-catalogue" data-testid="no-catalogue">
              <h2 className="no-catalogue__title">{he.wizard.noCatalogueTitle}</h2>
              <p className="no-catalogue__text">{he.wizard.noCatalogueText}</p>
              <Link to="/publish" className="btn btn--secondary">
                {he.publish.otherCategory}
              </Link>
            </div>
          ) : load.state === 'failed' ? (
            <p role="alert">{he.wizard.loadFailed}</p>
          ) : (
            <p role="status" className="publish__loading">
              {he.wizard.loadingSteps}
            </p>
          )}
        </div>
      </li>
    </ol>
  );
}
