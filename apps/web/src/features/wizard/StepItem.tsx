import type { StepDef } from '@app/form-engine/model';
import type { ReactNode } from 'react';
import { he } from '../../shared/i18n/index.ts';
import { BdiText } from '../../shared/ui/index.ts';
import type { StepState } from './navigation.ts';
import { StepHead } from './StepHead.tsx';

export interface StepItemProps {
  index: number;
  /** The number shown on screen (steps that are not shown are not counted). */
  number: number;
  def: StepDef;
  state: StepState;
  brief: string;
  /** A brief drawn rather than written (the media step's thumbnails). */
  briefNode?: ReactNode;
  /** Reopens a passed step. */
  onOpen: () => void;
  /** The open step's body. */
  children?: ReactNode;
}

const DoneIcon = () => (
  <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
    <path d="M3 8.5l3.2 3L13 5" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
  </svg>
);

/** One step of the accordion: open (title, subtitle, body), passed (done icon, brief, reopens) or upcoming. */
export function StepItem({ index, number, def, state, brief, briefNode, onOpen, children }: StepItemProps) {
  const label = `${he.wizard.stepNumber(number)}: `;
  if (state === 'done') {
    return (
      <li className="step step--done" data-step-index={index} data-testid={`step-${def.area}`}>
        <h2 className="step__title step__title--button">
          <button type="button" className="step__toggle" aria-expanded="false" onClick={onOpen}>
            <span className="step__number step__number--done" aria-hidden="true">
              <DoneIcon />
            </span>
            <span className="step__toggle-text">
              <span className="visually-hidden">{label}</span>
              {def.closeTitle ?? def.title}
              <span className="visually-hidden"> ({he.wizard.stepDone})</span>
            </span>{' '}
            {briefNode ? (
              <span className="step__brief">{briefNode}</span>
            ) : (
              brief && (
                <span className="step__brief">
                  <BdiText text={brief} />
                </span>
              )
            )}{' '}
            <span className="step__change" aria-hidden="true">
              {he.wizard.change}
            </span>
          </button>
        </h2>
      </li>
    );
  }
  const open = state === 'open';
  return (
    <li
      className={`step ${open ? 'step--open' : 'step--upcoming'}`}
      data-step-index={index}
      data-testid={`step-${def.area}`}
      aria-current={open ? 'step' : undefined}
    >
      <StepHead number={number} title={def.title} focusTarget={open} note={open ? undefined : he.wizard.upcoming} />
      {open && (
        <div className="step__body">
          {def.subTitle && <p className="step__subtitle">{def.subTitle}</p>}
          {children}
        </div>
      )}
    </li>
  );
}
