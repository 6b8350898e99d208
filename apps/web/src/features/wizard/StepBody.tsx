import type { FieldValue } from '@app/form-engine/model';
import type { ResolvedStep } from '@app/form-engine/resolution';
import type { ReactNode } from 'react';
import type { FieldEnv } from '../../shared/fields/index.ts';
import { he, hePlan } from '../../shared/i18n/index.ts';
import { BdiText } from '../../shared/ui/index.ts';
import { StepFields } from './fields/StepFields.tsx';
import { StepNav, type StepNavProps } from './StepNav.tsx';

export interface StepBodyProps {
  step: ResolvedStep;
  errors: Readonly<Record<string, string>>;
  onChange: (fieldId: string, value: FieldValue) => void;
  env: FieldEnv;
  /** A status line of the step (a licence-plate result). */
  notice?: string | undefined;
  /** The ad was saved: its ids, shown on the plan step (or on the save step when there is no plan). */
  saved?: { orderID: number; recordID: number; plan: boolean } | undefined;
  nav?: StepNavProps;
  /** Shown instead of the fields (the contact step's login for a visitor). */
  replaceFields?: ReactNode;
  /** The plan step's screen, once the ad is saved (the step has no catalogue fields). */
  plan?: ReactNode;
  /** Shown above the fields (the price suggestion of the car's price step). */
  above?: ReactNode;
  /** Shown under the fields: the step's policy warnings, live-ad count and strength meter. */
  aside?: ReactNode;
  /** The step's campaign cards (under the fields and their notes; not with the visitor's login). */
  offers?: ReactNode;
}

/** The open step's content: the saved note and the plan step's screen, or the fields; and its navigation. */
export function StepBody(props: StepBodyProps) {
  const { step, errors, onChange, env, notice, saved, nav, replaceFields, plan, above, aside, offers } = props;
  const { def } = step;
  const finished = saved?.plan === false;
  // Saved with a plan step: the ad is on the plan step (the finish step), whose screen is `plan`.
  const noteText = finished ? he.wizard.savedNoPlanNote : hePlan.savedNote;
  const [before, after] = noteText.split('{id}');
  const note = saved && (
    <div className="saved-note" role="status" data-testid="saved-note" data-order-id={saved.orderID}>
      <h3 className="saved-note__title" tabIndex={-1}>
        {he.wizard.savedTitle}
      </h3>
      <p>
        {before}
        <bdi>{saved.recordID}</bdi>
        {after}
      </p>
    </div>
  );
  // Without a plan step the save step ends the wizard: what was saved is not edited here any more.
  if (finished) return note;
  return (
    <>
      {note}
      {plan}
      {notice && (
        <p className="step__notice" role="status">
          <BdiText text={notice} />
        </p>
      )}
      {above}
      {replaceFields}
      {!replaceFields && step.fields.length > 0 && (
        <StepFields step={def} fields={step.fields} errors={errors} onChange={onChange} env={env} />
      )}
      {aside}
      {!replaceFields && offers}
      {nav && <StepNav {...nav} />}
    </>
  );
}
