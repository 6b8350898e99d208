import { CATEGORY_TITLES } from '@app/catalog/chooser';
import { activeEntry, isChoiceMissing, type PickerEntry, pickerForCategory } from '@app/catalog/pickers';
import { usePageTitle } from '../../../shared/hooks/index.ts';
import { he } from '../../../shared/i18n/index.ts';
import { Link, useLoaded, useLocation, useNavigate } from '../../../shared/routing/index.ts';
import type { StartStep } from '../PublishWizard.tsx';
import { StepHead } from '../StepHead.tsx';
import { CategoryStep } from './CategoryStep.tsx';
import { readStep, withChoice, withStep } from './publishQuery.ts';
import { publishWizardCode } from './startWizardEarly.ts';
import './publish.css';

const t = he.publish;

/**
 * The step area of /publish (accordion). Step 0 is the sub-category picker (area personal_publish_category);
 * once a choice is made, the lazily loaded wizard shows the category's steps after it.
 */
export function PublishSteps({ params, startStep }: { params: URLSearchParams; startStep: StartStep }) {
  const navigate = useNavigate();
  const location = useLocation();
  const picker = pickerForCategory(params);
  const title = picker?.title ?? CATEGORY_TITLES[Number(params.get('cat'))];
  usePageTitle(title ? `${he.meta.publish} – ${title}` : he.meta.notFound);
  // The wizard (steps after the picker) is code loaded on demand: the first /publish screen stays small. It is asked
  // for as soon as a category is in the URL (startWizardEarly), so it is often here before the choice is made.
  const PublishWizard = useLoaded(publishWizardCode);

  if (!title) {
    return (
      <section className="publish">
        <h1 className="page__title">{t.unknownCategory}</h1>
        <Link to="/publish" className="btn btn--primary">
          {t.backToChooser}
        </Link>
      </section>
    );
  }

  const step = readStep(params);
  const atPicker = picker !== undefined && (step < 1 || isChoiceMissing(picker, params));
  const entry = picker ? activeEntry(picker, params) : undefined;
  const previousEntry = (location.state as { previousEntry?: string } | null)?.previousEntry;
  const brief = entry ? `${title} · ${entry.title}` : title;

  const choose = (chosen: PickerEntry) => {
    const next = withChoice(params, chosen.params);
    if (chosen.fullReload) window.location.assign(`/publish?${next}`);
    else navigate({ search: `?${next}` }, { replace: true });
  };

  // Clicking the passed step reopens it: step 0, the picker.
  const reopen = () =>
    navigate({ search: `?${withStep(params, 0)}` }, { replace: true, state: { previousEntry: entry?.id } });

  // A category without sub-categories (customer info) has no category step: the page title names it.
  const categoryStep = picker && (
    <CategoryStep
      picker={atPicker ? picker : undefined}
      activeId={entry?.id ?? previousEntry}
      brief={brief}
      onChoose={choose}
      onReopen={reopen}
    />
  );

  if (!atPicker) {
    const fallback = (
      <ol className="steps" aria-label={t.stepsLabel}>
        {categoryStep}
        <li className="step step--open">
          <p className="step__body publish__loading" role="status">
            {he.common.loading}
          </p>
        </li>
      </ol>
    );
    // A new category choice is a new wizard (all fields cleared, fields fetched again).
    const selection = ['cat', 'subcat', 'SalesCatID', 'SalesSubCatID', 'SalesSubCat3ID', 'petType', 'istrader']
      .map((key) => params.get(key) ?? '')
      .join('|');
    return (
      <section className="publish">
        <h1 className="page__title">{title}</h1>
        {PublishWizard ? (
          <PublishWizard key={selection} params={params} categoryStep={categoryStep} startStep={startStep} />
        ) : (
          fallback
        )}
      </section>
    );
  }

  return (
    <section className="publish">
      <h1 className="page__title">{title}</h1>
      <ol className="steps" aria-label={t.stepsLabel}>
        {categoryStep}
        <li className="step step--upcoming" data-testid="step-details">
          <StepHead number={2} title={t.stepDetails} />
        </li>
      </ol>
    </section>
  );
}
