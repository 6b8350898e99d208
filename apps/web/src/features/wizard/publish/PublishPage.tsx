import { lazy, Suspense, useEffect, useRef } from 'react';
import { rememberOverrides } from '../../../shared/analytics/index.ts';
import { useNavigate, useSearchParams } from '../../../shared/routing/index.ts';
import { CategoryChooser } from '../../chooser/index.ts';
import { PublishLoading } from './PublishLoading.tsx';
import { withCategoryAliases } from './publishQuery.ts';
import { startWizardEarly } from './startWizardEarly.ts';
import { usePublishBack } from './usePublishBack.ts';

// The step area (pickers, steps, and through them the wizard) loads only when a category is chosen.
const PublishArea = lazy(() => import('./PublishArea.tsx'));

/** /publish: the category chooser without a cat in the query, otherwise the step area. */
export function PublishPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  usePublishBack();
  // A link that names the category as CatID and SubCatID (the old site's, the app's) opens it as cat and subcat.
  const aliased = withCategoryAliases(params)?.toString();
  useEffect(() => {
    if (aliased) navigate({ search: `?${aliased}` }, { replace: true });
  }, [aliased, navigate]);
  // An A/B override in the URL (?ab=<test>, ?ab=-<test>) is remembered for the tab (QA and tests).
  useEffect(() => {
    rememberOverrides(params);
  }, [params]);
  // Once, when the page first has a category: the wizard's code (and on a step, its fields and draft) is asked for
  // beside the step area's chunk, not after it. Later moves inside the page fetch what they need themselves.
  const cat = params.get('cat');
  const startedEarly = useRef(false);
  useEffect(() => {
    if (!cat || startedEarly.current) return;
    startedEarly.current = true;
    startWizardEarly(params);
  }, [cat, params]);
  if (aliased) return <PublishLoading />;
  if (!params.get('cat')) return <CategoryChooser />;
  return (
    <Suspense fallback={<PublishLoading />}>
      <PublishArea params={params} />
    </Suspense>
  );
}
