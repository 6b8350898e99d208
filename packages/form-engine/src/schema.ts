/**
 * The model's schema (zod/mini, imported as a namespace so bundlers keep only what is used: the whole engine is
 * about 13 KB gzipped; `import { z }` would pull in every zod locale). The server and the browser parse catalogues
 * with this same code. Unknown properties are dropped; unknown field types, condition kinds and operators
 * are rejected. Type checks below keep the schema and model.ts in step: a property added to one and not the
 * other does not compile.
 */
import * as z from 'zod/mini';
import {
  type CategoryCatalog,
  type Condition,
  FIELD_TYPES,
  type FieldDef,
  type FieldTexts,
  MODEL_VERSION,
  OPERATORS,
  type Option,
  type RedirectTarget,
  type StepDef,
} from './model.ts';

const str = z.string();
const strList = z.array(z.string());
const num = z.number();
const bool = z.boolean();

export const conditionSchema: z.ZodMiniType<Condition> = z.lazy(() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('field'), field: str, op: z.optional(z.enum(OPERATORS)), values: strList }),
    z.object({
      kind: z.literal('group'),
      combine: z.optional(z.enum(['and', 'or'])),
      conditions: z.array(conditionSchema),
    }),
    z.object({ kind: z.literal('trader'), is: bool }),
    z.object({ kind: z.literal('mode'), is: z.enum(['publish', 'edit']) }),
    z.object({ kind: z.literal('abTest'), test: str }),
  ]),
);

const redirectTargetSchema = z.object({
  cat: num,
  subcat: z.optional(num),
  SalesCatID: z.optional(num),
  SalesSubCatID: z.optional(num),
  step: z.optional(num),
  section: str,
}) satisfies z.ZodMiniType<RedirectTarget>;

export const optionSchema = z.object({
  value: str,
  text: str,
  redirectTo: z.optional(redirectTargetSchema),
  attrs: z.optional(z.record(z.string(), z.union([z.string(), z.number()]))),
}) satisfies z.ZodMiniType<Option>;

const tooltipSchema = z.object({ before: z.optional(str), after: z.optional(str) });

const briefSchema = z.object({
  value: z.optional(str),
  prefix: z.optional(str),
  postfix: z.optional(str),
  takeFromList: z.optional(z.object({ list: z.optional(str), fieldKey: z.optional(str), optionKey: z.optional(str) })),
  useCondition: z.optional(z.object({ key: str, accepted: strList })),
});

const fieldTextsSchema = z.object({
  when: conditionSchema,
  label: z.optional(str),
  placeholder: z.optional(str),
  tooltip: z.optional(tooltipSchema),
  accordionBrief: z.optional(briefSchema),
  notification: z.optional(str),
}) satisfies z.ZodMiniType<FieldTexts>;

export const fieldSchema = z.object({
  id: str,
  name: z.optional(str),
  type: z.enum(FIELD_TYPES),
  label: z.optional(str),
  placeholder: z.optional(str),
  defaultValue: z.optional(z.union([str, strList])),
  dir: z.optional(z.enum(['ltr', 'rtl'])),
  url: z.optional(str),
  subType: z.optional(z.enum(['video'])),
  cropper: z.optional(
    z.object({
      total_images: num,
      size: z.object({ w: num, h: num }),
      output_format: z.enum(['jpeg']),
      centerPoint: z.optional(bool),
    }),
  ),
  phonePriority: z.optional(z.union([z.literal(1), z.literal(2)])),
  phonePrefixes: z.optional(strList),
  isRequired: z.optional(bool),
  isNumeric: z.optional(bool),
  noFormat: z.optional(bool),
  regex: z.optional(str),
  regexErrorMessage: z.optional(str),
  maxlength: z.optional(num),
  minlength: z.optional(num),
  min: z.optional(num),
  max: z.optional(num),
  notEqual: z.optional(str),
  notEqualErrorMessage: z.optional(str),
  disabled: z.optional(bool),
  disabledAlways: z.optional(bool),
  hidden: z.optional(bool),
  ghost: z.optional(bool),
  column: z.optional(num),
  priority: z.optional(num),
  subPriority: z.optional(num),
  multiple: z.optional(bool),
  acceptedValues: z.optional(str),
  format: z.optional(str),
  isImmediate: z.optional(bool),
  y2date: z.optional(bool),
  allowPast: z.optional(bool),
  charsCounter: z.optional(bool),
  qualityBar: z.optional(bool),
  tooltip: z.optional(tooltipSchema),
  notification: z.optional(str),
  textsWhen: z.optional(z.array(fieldTextsSchema)),
  showOnABTest: z.optional(str),
  options: z.optional(z.array(optionSchema)),
  optionRules: z.optional(z.array(z.object({ values: strList, enabledWhen: conditionSchema }))),
  dataUrl: z.optional(str),
  autoCompletePreferenceObject: z.optional(
    z.object({ minCharacters: z.optional(num), isNumeric: z.optional(bool), sendParams: z.optional(strList) }),
  ),
  accordionBrief: z.optional(briefSchema),
  showcond: z.optional(conditionSchema),
  dependence: z.optional(strList),
  dependenceOpposite: z.optional(strList),
  condRequired: z.optional(conditionSchema),
  multipleRequiredObject: z.optional(z.object({ fields: strList })),
  filterByOtherField: z.optional(z.object({ field: str, optionKey: str })),
  changeByOtherField: z.optional(z.object({ field: str, map: z.optional(z.record(z.string(), z.string())) })),
  resetValueOnChange: z.optional(strList),
  autoCompleteByOtherFields: z.optional(z.object({ fields: strList })),
  dateAutoSelectObject: z.optional(z.object({ field: str, values: strList })),
  toggleByOtherField: z.optional(conditionSchema),
  isTraderRequest: z.optional(bool),
  notPublic: z.optional(bool),
  allowEditDependence: z.optional(bool),
  redirectOnChange: z.optional(z.array(z.object({ values: strList, to: redirectTargetSchema }))),
  dependencyResult: z.optional(
    z.object({
      formula: str,
      localKey: z.enum(['value', 'displayValue']),
      factors: z.array(z.object({ id: str, key: str, triggerKey: z.optional(str), default: z.optional(num) })),
    }),
  ),
  displayValue: z.optional(str),
  customError: z.optional(str),
}) satisfies z.ZodMiniType<FieldDef>;

export const stepSchema = z.object({
  area: str,
  title: str,
  closeTitle: z.optional(str),
  subTitle: z.optional(str),
  stepGroup: z.enum(['chooseSubcat', 'fillDetails', 'uploadImages', 'choosePlan']),
  check: bool,
  showNavButtons: bool,
  showBackButton: bool,
  isLoginArea: z.optional(bool),
  columnTitles: z.optional(z.array(z.object({ column: num, title: str }))),
  accordionBrief: z.optional(z.object({ separator: z.optional(str), prefix: z.optional(str) })),
  edit: z.optional(bool),
  showOnABTest: z.optional(str),
  fields: z.array(fieldSchema),
}) satisfies z.ZodMiniType<StepDef>;

export const catalogSchema = z.object({
  version: z.literal(MODEL_VERSION),
  id: str,
  cat: num,
  subcats: z.array(num),
  SalesCatIDs: z.optional(z.array(num)),
  SalesSubCatIDs: z.optional(z.array(num)),
  petTypes: z.optional(z.array(num)),
  firstStep: z.union([z.literal(0), z.literal(1)]),
  steps: z.array(stepSchema),
  editSteps: z.array(stepSchema),
  editLocked: z.array(str),
}) satisfies z.ZodMiniType<CategoryCatalog>;

/** Both ways: every model property is in the schema and every schema property is in the model. */
type SameKeys<A, B> = [Exclude<keyof A, keyof B>, Exclude<keyof B, keyof A>] extends [never, never] ? true : false;
export const SCHEMA_MATCHES_MODEL: [
  SameKeys<z.infer<typeof fieldSchema>, FieldDef>,
  SameKeys<z.infer<typeof stepSchema>, StepDef>,
  SameKeys<z.infer<typeof catalogSchema>, CategoryCatalog>,
  SameKeys<z.infer<typeof optionSchema>, Option>,
  SameKeys<z.infer<typeof fieldTextsSchema>, FieldTexts>,
] = [true, true, true, true, true];

export type ParseResult<T> = { ok: true; value: T } | { ok: false; issues: string[] };

function issuesOf(error: z.core.$ZodError): string[] {
  return error.issues.map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`);
}

export function safeParseCatalog(input: unknown): ParseResult<CategoryCatalog> {
  const result = catalogSchema.safeParse(input);
  return result.success ? { ok: true, value: result.data } : { ok: false, issues: issuesOf(result.error) };
}

/** Parses a catalogue or throws an Error listing the problems. */
export function parseCatalog(input: unknown): CategoryCatalog {
  const result = safeParseCatalog(input);
  if (!result.ok) throw new Error(`Invalid form catalogue:\n${result.issues.join('\n')}`);
  return result.value;
}

/** Parses a list of steps (a single-area fetch, or a fields response's steps). */
export function safeParseSteps(input: unknown): ParseResult<StepDef[]> {
  const result = z.array(stepSchema).safeParse(input);
  return result.success ? { ok: true, value: result.data } : { ok: false, issues: issuesOf(result.error) };
}
