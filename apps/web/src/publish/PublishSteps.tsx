import { CATEGORY_TITLES } from '@app/catalog/chooser';
import { activeEntry, isChoiceMissing, type PickerEntry, pickerForCategory } from '@app/catalog/pickers';
import { Link, useLocation, useNavigate } from 'react-router';
import { usePageTitle } from '../app/usePageTitle.ts';
import { he } from '../i18n/he.ts';
import { CategoryStep } from './CategoryStep.tsx';
import { readStep, withChoice, withStep } from './publishQuery.ts';
import './publish.css';

const t = he.publish;

/**
 * The step area of /publish (accordion-like list). Step 0 is the sub-category picker (area
 * personal_publish_category); the ad-details steps are not built yet, and the page says so.
 */
export function PublishSteps({ params }: { params: URLSearchParams }) {
  const navigate = useNavigate();
  const location = useLocation();
  const picker = pickerForCategory(params);
  const title = picker?.title ?? CATEGORY_TITLES[Number(params.get('cat'))];
  usePageTitle(title ? `${he.meta.publish} – ${title}` : he.meta.notFound);

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

  // Clicking the passed step reopens it: step 0 (the picker), or the chooser when the category has none.
  const reopen = () => {
    if (picker) navigate({ search: `?${withStep(params, 0)}` }, { replace: true, state: { previousEntry: entry?.id } });
    else navigate('/publish');
  };

  return (
    <section className="publish">
      <h1 className="page__title">{title}</h1>
      <ol className="steps" aria-label={t.stepsLabel}>
        <CategoryStep
          picker={atPicker ? picker : undefined}
          activeId={entry?.id ?? previousEntry}
          brief={brief}
          onChoose={choose}
          onReopen={reopen}
        />
        <li className={`step${atPicker ? ' step--upcoming' : ' step--open'}`} data-testid="step-details">
          <div className="step__head">
            <span className="step__number" aria-hidden="true">
              2
            </span>
            <h2 className="step__title">
              <span className="visually-hidden">{t.stepNumber(2)}: </span>
              {t.stepDetails}
            </h2>
          </div>
          {!atPicker && (
            <div className="step__body coming-soon">
              <h3 className="coming-soon__title">{t.comingSoonTitle}</h3>
              <p className="coming-soon__text">{t.comingSoonText}</p>
              <Link to="/publish" className="btn btn--secondary">
                {t.otherCategory}
              </Link>
            </div>
          )}
        </li>
      </ol>
    </section>
  );
}
