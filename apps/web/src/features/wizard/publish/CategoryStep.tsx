import type { Picker, PickerEntry } from '@app/catalog/pickers';
import { he } from '../../../shared/i18n/index.ts';
import { StepHead } from '../StepHead.tsx';
import { SubCategoryPicker } from './SubCategoryPicker.tsx';

const t = he.publish;

export interface CategoryStepProps {
  /** The picker while the step is open; undefined when the step is passed. */
  picker: Picker | undefined;
  activeId: string | undefined;
  /** Summary of the choice shown when the step is passed. */
  brief: string;
  onChoose: (entry: PickerEntry) => void;
  onReopen: () => void;
}

/** Step 1 on screen ("בחירת קטגוריה"): open with the picker, or passed with a done icon and a brief. */
export function CategoryStep({ picker, activeId, brief, onChoose, onReopen }: CategoryStepProps) {
  if (picker) {
    return (
      <li className="step step--open" data-testid="step-category">
        <StepHead number={1} title={t.stepCategory} />
        <div className="step__body">
          <SubCategoryPicker picker={picker} activeId={activeId} onChoose={onChoose} />
        </div>
      </li>
    );
  }
  return (
    <li className="step step--done" data-testid="step-category">
      <h2 className="step__title step__title--button">
        <button type="button" className="step__toggle" aria-expanded="false" onClick={onReopen}>
          <span className="step__number step__number--done" aria-hidden="true">
            <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
              <path d="M3 8.5l3.2 3L13 5" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
          </span>
          <span className="step__toggle-text">
            <span className="visually-hidden">{t.stepNumber(1)}: </span>
            {t.stepCategory}
            <span className="visually-hidden"> ({t.stepDone})</span>
          </span>{' '}
          <span className="step__brief">{brief}</span>{' '}
          <span className="step__change" aria-hidden="true">
            {t.change}
          </span>
        </button>
      </h2>
    </li>
  );
}
