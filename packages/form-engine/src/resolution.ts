/** What the resolver is given and what it answers (resolve.ts computes it). */
import type { ConditionContext } from './conditions.ts';
import type { FieldDef, FieldValue, RedirectTarget, StepDef, Values } from './model.ts';
import type { OptionsSource, ResolvedOption } from './options.ts';
import type { ValidationError } from './rules.ts';

export interface ResolveContext extends ConditionContext {
  /** YYYY-MM-DD: the date rules' today (an injected clock). */
  today: string;
  /** Dependent lists the caller knows; a field whose list is unknown is `loading`. */
  options?: OptionsSource;
  /** Id of the field the user just changed: its dependants are reset (absent: nothing is reset). */
  changed?: string;
}

export interface ResolvedField {
  def: FieldDef;
  /** Index of its step in the steps given. */
  step: number;
  /** Active: shown (type hidden renders nothing), validated and sent. Inactive fields read as undefined. */
  visible: boolean;
  enabled: boolean;
  required: boolean;
  /** Shown collapsed while empty. */
  ghost: boolean;
  /** The value after resets and auto-selection (kept even while inactive, so nothing typed is lost). */
  value: FieldValue;
  /** Current choices; undefined when the field has no list or it is not known yet. */
  options: readonly ResolvedOption[] | undefined;
  /** A dependent list is needed but the caller has not got it. */
  loading: boolean;
  /** A date set to today by its immediate option. */
  immediate: boolean;
  /** The shown text of a worked-out number (`dependencyResult`), when there is one. */
  displayValue?: string;
}

export interface ResolvedStep {
  index: number;
  def: StepDef;
  /** Shown in this mode and A/B test state. */
  visible: boolean;
  fields: ResolvedField[];
  /** Errors of its active fields (none when check is false). */
  errors: ValidationError[];
  /** Exactly when its validation passes. */
  complete: boolean;
}

/** A watcher fired: move to another section and show 'המודעה תפורסם במדור {section}'. */
export interface RedirectEffect {
  field: string;
  to: RedirectTarget;
}

export interface Resolution {
  steps: ResolvedStep[];
  fields: Readonly<Record<string, ResolvedField>>;
  /** The new value state (keyed by field id): the input with resets and auto-selections applied. */
  values: Values;
  /** Every error of every visible step with check true, in step order. */
  errors: ValidationError[];
  redirect?: RedirectEffect;
}
