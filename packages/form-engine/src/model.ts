/**
 * The versioned JSON model of a category's wizard: steps (areas) and their fields (publish-wizard.md §3).
 * Plain data, no functions: the server sends it and the browser parses it with `parseCatalog` (schema.ts).
 * Property names are the spec's where they mean something for us; where we folded two spec properties into
 * one (condRequired + condRequiredValues) or added one (qualityBar, allowPast, dir, url, optionRules, textsWhen) the
 * doc comment says so. The rules that give these properties their meaning are in README.md.
 */

/** Bumped when a change would make an older client misread the data. */
export const MODEL_VERSION = 1;

export const FIELD_TYPES = [
  'select',
  'textarea',
  'text',
  'password',
  'checkbox',
  'radio',
  'multipleRadios',
  'email',
  'tel',
  'number',
  'date',
  'hidden',
  'autocomplete',
  'image',
  'span',
  'iframe',
  'link',
  'title',
  'button',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Shown but never sent and never validated. */
export const DISPLAY_ONLY_TYPES: ReadonlySet<FieldType> = new Set(['span', 'iframe', 'link', 'title', 'button']);

/** Types whose value is one (or, with `multiple`, several) of an option list. */
export const OPTION_TYPES: ReadonlySet<FieldType> = new Set(['select', 'radio', 'multipleRadios', 'autocomplete']);

/**
 * A field's value: a string, a list (multiple choice) or nothing. `undefined`, '' and '-1' mean "not chosen";
 * a list is chosen when one of its items is. Checkboxes hold one of their two accepted values.
 */
export type FieldValue = string | string[] | undefined;
/** Values of a form keyed by field id. */
export type Values = Readonly<Record<string, FieldValue>>;

export type Mode = 'publish' | 'edit';

export const OPERATORS = ['==', '!=', '>', '<'] as const;
export type Operator = (typeof OPERATORS)[number];

/** Special values of a field condition (README "Conditions"). */
export const SPECIAL_VALUES = { notChosen: '-1', always: '-2', never: '-3', anyChosen: '-4' } as const;
export const NOT_CHOSEN = SPECIAL_VALUES.notChosen;

/** A rule over values and the session. Evaluated by conditions.ts; rules written in README.md. */
export type Condition =
  /** The field's value compared with `values` by `op` (default '=='); special values -1..-4 apply to '=='/'!='. */
  | { kind: 'field'; field: string; op?: Operator; values: string[] }
  /** Several conditions combined with 'and' (default) or 'or'. */
  | { kind: 'group'; combine?: 'and' | 'or'; conditions: Condition[] }
  /** The publisher is (or is not) a trader. */
  | { kind: 'trader'; is: boolean }
  /** Publish or edit mode. */
  | { kind: 'mode'; is: Mode }
  /** An A/B test is active for the user. */
  | { kind: 'abTest'; test: string };

/** Where a watcher sends the wizard; `section` is the Hebrew section name of the flash message. */
export interface RedirectTarget {
  cat: number;
  subcat?: number;
  SalesCatID?: number;
  SalesSubCatID?: number;
  step?: number;
  section: string;
}

/** One choice (the spec's dataFromMethod item). Extra attributes (CarColorGroupHEX, …) live in `attrs`. */
export interface Option {
  value: string;
  text: string;
  redirectTo?: RedirectTarget;
  attrs?: Record<string, string | number>;
}

/** Options listed in `values` are disabled unless `enabledWhen` holds (owner 14 needs hand 0). Our addition. */
export interface OptionRule {
  values: string[];
  enabledWhen: Condition;
}

/** Summary of a field in its passed step's accordion brief. */
export interface FieldBrief {
  /** Fixed text instead of the value (a checked checkbox's "טרייד אין"). */
  value?: string;
  prefix?: string;
  postfix?: string;
  /** Text taken from an option list: the option whose `fieldKey` equals the value, its `optionKey`. */
  takeFromList?: { list?: string; fieldKey?: string; optionKey?: string };
  /** Shown only when field `key` has one of the `accepted` values. */
  useCondition?: { key: string; accepted: string[] };
}

/**
 * The dependency-result rule (spec §3): the field's number worked out from other fields by `formula` (formula.ts:
 * + - * / and parentheses over numbers and the factors' keys, never run as code). `localKey` says where the result
 * goes: 'value' (the field's value: shown read-only, sent, and worked out again by the server, which never takes the
 * browser's) or 'displayValue' (shown only: the field's value is not touched and nothing is sent).
 */
export interface DependencyResult {
  formula: string;
  localKey: 'value' | 'displayValue';
  factors: DependencyFactor[];
}

/**
 * One factor: field `id`, known in the formula as `key`. With `triggerKey` the number is the chosen option's
 * attribute of that name (a select whose options carry numbers); otherwise the field's value. `default` stands in
 * for a factor that is not chosen (or not a number); without it the result is not worked out.
 */
export interface DependencyFactor {
  id: string;
  key: string;
  triggerKey?: string;
  default?: number;
}

/**
 * Texts of a field that hold while `when` holds, in place of its own (the first entry that holds wins): what a
 * field is called and says can depend on another field (a rent's price is per month). Only texts: never a rule.
 * Our addition.
 */
export interface FieldTexts {
  when: Condition;
  label?: string;
  placeholder?: string;
  tooltip?: { before?: string; after?: string };
  accordionBrief?: FieldBrief;
  notification?: string;
}

export interface FieldDef {
  id: string;
  /** Name on the wire; defaults to `id`. A name ending [] is sent as a list. */
  name?: string;
  type: FieldType;
  label?: string;
  placeholder?: string;
  defaultValue?: string | string[];
  /** Text direction of the input (plates, phones: 'ltr'). Our addition. */
  dir?: 'ltr' | 'rtl';
  /** Target of a link or source of an iframe. Our addition. */
  url?: string;
  /** 'video': an iframe field that is our video upload host (the browser knows its origin; `url` is unused). */
  subType?: 'video';
  /**
   * A photo field (type image): the spec's cropper. total_images of 5 or more means 10 (spec §5); `size` is the
   * default crop (1120x840); `centerPoint` crops the single teacher photo around its centre.
   */
  cropper?: { total_images: number; size: { w: number; h: number }; output_format: 'jpeg'; centerPoint?: boolean };
  /**
   * A phone field (type tel, after-save-area.md §3): 1 the ad's primary phone, 2 the second contact's. Its value
   * is the number as shown (050-1234567), checked by the spec's number rule (a landline is refused for the
   * primary phone unless the customer is a trader in the category); the browser verifies it by SMS or voice call.
   */
  phonePriority?: 1 | 2;
  /** The prefix list of a phone field (spec §5). */
  phonePrefixes?: string[];
  isRequired?: boolean;
  /** Digits only (commas stripped); shown with thousands separators unless `noFormat`. */
  isNumeric?: boolean;
  noFormat?: boolean;
  regex?: string;
  regexErrorMessage?: string;
  /** Default 200. */
  maxlength?: number;
  minlength?: number;
  /**
   * A number's smallest and largest value (number fields and isNumeric text): the input clamps to them when it
   * loses focus (after-save-area.md §5 "Number input clamps to min/max"), and a value outside is an error.
   */
  min?: number;
  max?: number;
  /** Id of a field whose value this one must equal (the error is "values are not equal"). */
  notEqual?: string;
  notEqualErrorMessage?: string;
  disabled?: boolean;
  disabledAlways?: boolean;
  hidden?: boolean;
  /** Shown collapsed ("add …") while it has no value. */
  ghost?: boolean;
  column?: number;
  priority?: number;
  subPriority?: number;
  multiple?: boolean;
  /** Comma list. Checkbox: "unchecked,checked" (default "0,1"). Others: the value must be one of them. */
  acceptedValues?: string;
  /** Date pattern (default DD/MM/YYYY) or 'plate' for a licence-plate text input. */
  format?: string;
  /** A date with an "immediate" toggle (today). */
  isImmediate?: boolean;
  /** With isImmediate: a preset date of today or earlier counts as immediate (and becomes today). */
  y2date?: boolean;
  /** Dates before today are accepted (default: future dates only). Our addition. */
  allowPast?: boolean;
  charsCounter?: boolean;
  /** Description quality bar under a textarea. Our addition (spec §5 "description quality bar"). */
  qualityBar?: boolean;
  tooltip?: { before?: string; after?: string };
  /**
   * The spec's notification text (publish-wizard.md §4 "Field behaviour"): shown in the field's error place, as an
   * error, from the start, until a real error of the field takes its place. It is a notice, not an error: it never
   * stops the step (README "Notifications").
   */
  notification?: string;
  /** Texts that replace the field's own while a condition holds (`FieldTexts`). Our addition. */
  textsWhen?: FieldTexts[];
  /** Only active when this A/B test is active. */
  showOnABTest?: string;
  /** Static choices (the spec's dataFromMethod). */
  options?: Option[];
  optionRules?: OptionRule[];
  /** Dependent or autocomplete option list: /api/publish/options/<listId>; parents are `dependence`. */
  dataUrl?: string;
  autoCompletePreferenceObject?: { minCharacters?: number; isNumeric?: boolean; sendParams?: string[] };
  accordionBrief?: FieldBrief;
  /** Active (shown, validated, sent) only while this holds. */
  showcond?: Condition;
  /** Parents: disabled until all have a value; reset to "not chosen" when one changes. */
  dependence?: string[];
  /** Disabled while any of these has a value. */
  dependenceOpposite?: string[];
  /** Required while this holds (the spec's condRequired and condRequiredValues in one condition). */
  condRequired?: Condition;
  /** Required (if isRequired) only while none of these fields has a value: one of the group is enough. */
  multipleRequiredObject?: { fields: string[] };
  /** Keep only options whose attrs[optionKey] equals the other field's value; that field is a parent. */
  filterByOtherField?: { field: string; optionKey: string };
  /** When the other field changes, take its new value (or map[newValue] when a map is given). */
  changeByOtherField?: { field: string; map?: Record<string, string> };
  /** Reset to the default value when any of these fields changes. */
  resetValueOnChange?: string[];
  /** The option list depends on these fields; exactly one option returned becomes the value. */
  autoCompleteByOtherFields?: { fields: string[] };
  /** While the other field has one of `values`, this date is today (immediate). */
  dateAutoSelectObject?: { field: string; values: string[] };
  /** Enabled only while this holds. */
  toggleByOtherField?: Condition;
  /** true: trader publishers only; false: private publishers only; absent: both. */
  isTraderRequest?: boolean;
  /**
   * Never on the ad's public page (a car's licence number): its owner and the staff (the moderator's preview) see it,
   * buyers do not. Our addition.
   */
  notPublic?: boolean;
  /** In edit mode, parent changes reset this field only when set. */
  allowEditDependence?: boolean;
  /** A number worked out from other fields (spec §3 "Dependency result rule"). */
  dependencyResult?: DependencyResult;
  /**
   * How a worked-out number is shown: '{value}' is the number with thousands separators ('{value} ₪ למ"ר').
   * Default: the number alone. The spec's displayValue.
   */
  displayValue?: string;
  /**
   * A fixed Hebrew error text shown instead of the rule's own for every error of the field but the required one
   * ('שדה חובה' stays the spec's). The spec's customError.
   */
  customError?: string;
  /** Watchers: when the value becomes one of `values`, the wizard moves to another section. */
  redirectOnChange?: { values: string[]; to: RedirectTarget }[];
}

export type StepGroup = 'chooseSubcat' | 'fillDetails' | 'uploadImages' | 'choosePlan';

export interface StepDef {
  area: string;
  title: string;
  /** Title of the step once passed (closed), when it differs. */
  closeTitle?: string;
  subTitle?: string;
  stepGroup: StepGroup;
  /** false: the step is not validated (moving past it needs no check). */
  check: boolean;
  showNavButtons: boolean;
  showBackButton: boolean;
  isLoginArea?: boolean;
  columnTitles?: { column: number; title: string }[];
  /** How field briefs are joined in the passed step's summary (default ', '). */
  accordionBrief?: { separator?: string; prefix?: string };
  /** An edit-mode variant. */
  edit?: boolean;
  /** Only shown when this A/B test is active. */
  showOnABTest?: string;
  fields: FieldDef[];
}

/** Everything the wizard needs for one category selection. */
export interface CategoryCatalog {
  version: typeof MODEL_VERSION;
  /** Stable name for logs and tests ('vehicles-cars'). */
  id: string;
  cat: number;
  /** Sub-categories served; empty = any. */
  subcats: number[];
  /** Further selectors; absent = any. */
  SalesCatIDs?: number[];
  SalesSubCatIDs?: number[];
  petTypes?: number[];
  /** First step number shown to the user: 1 for most categories, 0 for some (spec §2). */
  firstStep: 0 | 1;
  steps: StepDef[];
  /**
   * Edit mode's steps (publish-wizard.md §2 "edit variants of the steps"): every field of `steps` an owner may still
   * change, the media step and the edit-login step. Built by `deriveEditSteps` (editSteps.ts).
   */
  editSteps: StepDef[];
  /**
   * Ids of the publish fields an owner can no longer change once the ad is saved: what makes the ad what it is
   * (the sub-category and the other selectors, a vehicle's make and model, a property's address). Every publish
   * field is in `editSteps` or here (the catalogue check). Their saved values still feed the edit form's conditions
   * and option lists. Our addition.
   */
  editLocked: string[];
}

/**
 * Whether a catalogue's steps end with the plan step (choosePlan, never step 0). Without it (household workers,
 * customer info) the save step is the last: the wizard shows the saved ad there and the server publishes it with
 * the save.
 */
export function hasPlanStep(steps: readonly Pick<StepDef, 'stepGroup'>[]): boolean {
  return steps.some((step, index) => index > 0 && step.stepGroup === 'choosePlan');
}
