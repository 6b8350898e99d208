import { DISPLAY_ONLY_TYPES, type StepDef } from '@app/form-engine/model';

type Values = Readonly<Record<string, unknown>>;

/** Each steps array's text keys, worked out once (a catalogue's steps are the same array from one save to the next). */
const textKeys = new WeakMap<readonly StepDef[], ReadonlySet<string>>();

/** The wire names of the fields where the user writes text (text areas and text inputs) in the given steps. */
export function textKeysOf(steps: readonly StepDef[]): ReadonlySet<string> {
  let keys = textKeys.get(steps);
  if (!keys) {
    keys = new Set(
      steps
        .flatMap((s) => s.fields)
        .filter((f) => (f.type === 'textarea' || f.type === 'text') && !DISPLAY_ONLY_TYPES.has(f.type))
        .map((f) => (f.name ?? f.id).replace(/\[\]$/, '')),
    );
    textKeys.set(steps, keys);
  }
  return keys;
}

/** The text the user wrote, where blocked words are looked for. */
export function freeText(values: Values, textKeys: ReadonlySet<string>): string {
  return Object.entries(values)
    .filter(([key]) => textKeys.has(key))
    .flatMap(([, v]) => (Array.isArray(v) ? v : [v]))
    .filter((v) => typeof v === 'string' || typeof v === 'number')
    .join('\n');
}
