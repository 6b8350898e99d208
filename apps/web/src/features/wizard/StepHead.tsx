import { he } from '../../shared/i18n/index.ts';
import './steps.css';

export interface StepHeadProps {
  /** The number on screen: the step's place among the steps shown. */
  number: number;
  title: string;
  /** The heading the wizard moves the focus to when the step opens. */
  focusTarget?: boolean;
  /** Said after the title to screen readers only ("upcoming"). */
  note?: string | undefined;
}

/**
 * The head of an open or upcoming step, the same on the publish and the edit page: its number once (drawn in the
 * circle and said in the heading's name, "שלב 2: פרטי הכלב"), then its title. steps.css keeps the list's own
 * numbers off, so no page shows a number twice.
 */
export function StepHead({ number, title, focusTarget = false, note }: StepHeadProps) {
  return (
    <div className="step__head">
      <span className="step__number" aria-hidden="true">
        {number}
      </span>
      <h2
        className="step__title"
        tabIndex={focusTarget ? -1 : undefined}
        data-step-heading={focusTarget ? '' : undefined}
      >
        <span className="visually-hidden">{he.wizard.stepNumber(number)}: </span>
        {title}
        {note && <span className="visually-hidden"> ({note})</span>}
      </h2>
    </div>
  );
}
