/**
 * An ad's fields as buyers read them, grouped as the wizard's steps group them: each field that says something, as
 * its label and the text shown (an option's text, never a code; a grouped number with its unit; 'כן' for a ticked
 * box; a worked-out value as stored), in the catalogue's order. One implementation for the moderator's preview
 * (moderation/preview.ts) and the ad's public page (listing/): what the moderator approves is what buyers read.
 */

import { fieldText } from '@app/catalog/categories/adTitle';
import { CONTACT_FIELD_IDS } from '@app/catalog/categories/contact';
import { catalogFor } from '@app/catalog/categories/registry';
import { formatNumber, parseNumber } from '@app/form-engine/format';
import { DISPLAY_ONLY_TYPES, type FieldDef } from '@app/form-engine/model';
import { wireName } from '@app/form-engine/payload';
import { isChecked } from '@app/form-engine/values';
import { serverOptionsSource } from '../catalogue/option-lists.ts';
import { catalogQuery } from '../catalogue/selectors.ts';
import type { Ad } from './ads-repository.ts';

export interface ShownField {
  /** The field's wire key (the family's price, locality… are found by it). */
  key: string;
  label: string;
  text: string;
  /** A free text of several lines (a description): shown with its line breaks. */
  long: boolean;
}

export interface ShownGroup {
  /** The wizard step's title. */
  title: string;
  /** The wizard step's area (its name in the catalogue): the owner's preview links each group back to its step. */
  area: string;
  fields: ShownField[];
}

const SKIPPED = new Set(['image', 'hidden']);

type Options = ReturnType<typeof serverOptionsSource>;

/** The unit a number is shown with: the passed step's postfix (' ₪', ' מ"ר'), when it is a plain unit. */
function unitOf(field: FieldDef): string {
  const brief = field.accordionBrief;
  if (!brief?.postfix || brief.value || brief.takeFromList || brief.useCondition) return '';
  return brief.postfix;
}

/**
 * A box says 'כן' when ticked (nothing otherwise); a free text keeps its line breaks; a number is grouped (2,100)
 * with its unit; the rest as the catalogue's texts say it.
 */
function shownText(field: FieldDef, values: Record<string, unknown>, options: Options): string {
  const own = values[wireName(field).key];
  if (field.type === 'checkbox') return isChecked(field, own as string | undefined) ? 'כן' : '';
  // A free text keeps its lines (each trimmed, blank runs made one empty line).
  if (field.type === 'textarea' && typeof own === 'string')
    return own
      .split(/\r?\n/)
      .map((line) => line.replace(/[ \t]+/g, ' ').trim())
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim();
  const text = fieldText(field, values as Parameters<typeof fieldText>[1], options);
  const numeric = (field.isNumeric || field.type === 'number') && !field.noFormat && !field.options && !field.dataUrl;
  return numeric && /^-?\d+(\.\d+)?$/.test(text) ? `${formatNumber(text)}${unitOf(field)}` : text;
}

/**
 * Whether buyers may read a field on the ad's public page, decided here only and from the catalogue: not the contact
 * step's fields (the phones, the name and the e-mail are the page's contact box's, shown by its own rules), nor a
 * field the catalogue marks `notPublic` (a car's licence number). The moderator's preview shows them all.
 */
export function isPublicField(field: FieldDef): boolean {
  return (
    !CONTACT_FIELD_IDS.includes(field.id) && field.type !== 'email' && field.type !== 'tel' && field.notPublic !== true
  );
}

/**
 * The ad's live values as buyers read them, step by step (a step with nothing to say is left out). `publicOnly`:
 * only the fields buyers may read (`isPublicField`); the moderator sees them all.
 */
export function shownFieldGroups(
  ad: Pick<Ad, 'selectors' | 'values'>,
  opts: { publicOnly: boolean } = { publicOnly: false },
): ShownGroup[] {
  const query = catalogQuery(ad.selectors);
  const catalog = query ? catalogFor(query) : undefined;
  const values = { ...ad.selectors, ...ad.values };
  const options = serverOptionsSource(ad.selectors);
  const seen = new Set<string>();
  const groups: ShownGroup[] = [];
  for (const step of catalog?.steps ?? []) {
    const fields: ShownField[] = [];
    for (const field of step.fields as FieldDef[]) {
      if (seen.has(field.id) || !field.label || DISPLAY_ONLY_TYPES.has(field.type) || SKIPPED.has(field.type)) continue;
      seen.add(field.id);
      if (opts.publicOnly && !isPublicField(field)) continue;
      const text = shownText(field, values, options);
      if (text)
        fields.push({
          key: wireName(field).key,
          label: field.label.replace(/\s*\*$/, ''),
          text,
          long: field.type === 'textarea',
        });
    }
    if (fields.length > 0) groups.push({ title: step.closeTitle ?? step.title, area: step.area, fields });
  }
  return groups;
}

/**
 * A wizard draft's values as a saved ad keeps them: a number typed with its separators ("85,000") as its digits, as
 * the save sends it (form-engine's payload), so a draft reads as the ad it will be.
 */
export function storedValues(
  selectors: Ad['selectors'],
  values: Readonly<Record<string, string | string[]>>,
): Ad['values'] {
  const query = catalogQuery(selectors);
  const fields = (query ? catalogFor(query)?.steps : undefined)?.flatMap((s) => s.fields as FieldDef[]) ?? [];
  const numeric = new Set(fields.filter((f) => f.isNumeric || f.type === 'number').map((f) => wireName(f).key));
  const out: Ad['values'] = {};
  for (const [key, value] of Object.entries(values))
    out[key] = !numeric.has(key) ? value : Array.isArray(value) ? value.map(parseNumber) : parseNumber(value);
  return out;
}
