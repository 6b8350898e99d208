/**
 * The accordion brief: the one-line summary of a passed step, made of its active fields' AccordionBrief
 * parts (value / option text / formatted number, with prefix and postfix; takeFromList; useCondition).
 */
import { matchesValues } from './conditions.ts';
import { formatNumber } from './format.ts';
import type { Option } from './model.ts';
import type { Resolution, ResolvedField, ResolvedStep } from './resolution.ts';
import { chosenItems, isChecked, isChosen } from './values.ts';

const optionKey = (option: Option, key: string): string | undefined => {
  if (key === 'value') return option.value;
  if (key === 'text') return option.text;
  const attr = option.attrs?.[key];
  return attr === undefined ? undefined : String(attr);
};

/** A brief part that waits for its list: the texts of the chosen codes are not known yet. */
const AWAITS_LIST = Symbol('awaits list');

/**
 * Whether a field's chosen codes have no texts yet: its dependent list is on its way, or an autocomplete's saved
 * code has not been looked up.
 */
const awaitsList = (field: ResolvedField | undefined): boolean =>
  field !== undefined &&
  field.options === undefined &&
  (field.loading || (field.def.type === 'autocomplete' && field.def.options === undefined && isChosen(field.value)));

/** The brief part of one field, or undefined when it says nothing (or its list has not come yet). */
export function fieldBrief(field: ResolvedField, resolution: Pick<Resolution, 'fields'>): string | undefined {
  const part = briefPart(field, resolution);
  return part === AWAITS_LIST ? undefined : part;
}

function briefPart(
  field: ResolvedField,
  resolution: Pick<Resolution, 'fields'>,
): string | undefined | typeof AWAITS_LIST {
  const brief = field.def.accordionBrief;
  if (!brief || !field.visible) return undefined;
  const read = (id: string) => {
    const other = resolution.fields[id];
    return other?.visible ? other.value : undefined;
  };
  if (brief.useCondition && !matchesValues(read(brief.useCondition.key), brief.useCondition.accepted)) {
    return undefined;
  }
  const hasValue = field.def.type === 'checkbox' ? isChecked(field.def, field.value) : isChosen(field.value);
  if (!hasValue && !brief.useCondition) return undefined;

  let text = brief.value;
  if (text === undefined) {
    const items = chosenItems(field.value);
    const take = brief.takeFromList;
    const listField = take ? resolution.fields[take.list ?? field.def.id] : field;
    const list = listField?.options;
    // A code is never shown for its text: the part waits for the list (on a reload on a later step, a moment).
    if (!list && awaitsList(listField)) return AWAITS_LIST;
    if (list) {
      const from = take?.fieldKey ?? 'value';
      const show = take?.optionKey ?? 'text';
      text = items
        .map((item) => {
          const option = list.find((o) => optionKey(o, from) === item);
          return option ? (optionKey(option, show) ?? item) : item;
        })
        .join(', ');
    } else if ((field.def.isNumeric || field.def.type === 'number') && !field.def.noFormat) {
      text = items.map(formatNumber).join(', ');
    } else {
      text = items.join(', ');
    }
  }
  if (text === '') return undefined;
  return `${brief.prefix ?? ''}${text}${brief.postfix ?? ''}`;
}

/**
 * The summary of a step: its fields' brief parts joined (default ', '), after the step's prefix. Empty while a part
 * waits for its list: the summary shows whole, once, instead of codes and then texts.
 */
export function stepBrief(step: ResolvedStep, resolution: Pick<Resolution, 'fields'>): string {
  const parts: string[] = [];
  for (const field of step.fields) {
    const part = briefPart(field, resolution);
    if (part === AWAITS_LIST) return '';
    if (part !== undefined) parts.push(part);
  }
  if (parts.length === 0) return '';
  const { separator = ', ', prefix = '' } = step.def.accordionBrief ?? {};
  return `${prefix}${parts.join(separator)}`;
}
