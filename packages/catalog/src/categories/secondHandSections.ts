/**
 * What the product step says in the sections of businesses (after-save-area.md §9 "Stock/industrial equipment
 * labels for SalesCatID 40 and 56"): a whole stock of merchandise (40) is priced and described as one lot, industrial
 * equipment (56) as a machine. The labels follow the step's category field (salesCatID) as it is chosen; the rules
 * of the fields stay the same.
 */
import type { Condition, FieldDef, FieldTexts } from '@app/form-engine/model';
import { INDUSTRIAL_SALES_CAT, STOCK_SALES_CAT } from '../products/tree.ts';

const inSection = (salesCat: number): Condition => ({
  kind: 'field',
  field: 'salesCatID',
  values: [String(salesCat)],
});

type SectionTexts = Omit<FieldTexts, 'when'>;

/** A stock (40): by field id. */
export const STOCK_TEXTS: Readonly<Record<string, SectionTexts>> = {
  title: { label: 'מה כולל המלאי', placeholder: 'לדוגמה: מלאי של 300 זוגות נעלי ספורט חדשות' },
  '6727': { label: 'מצב הסחורה' },
  '807': { label: 'מספר הפריטים במלאי' },
  price: {
    label: 'מחיר לכל המלאי',
    tooltip: { after: 'המחיר של כל הסחורה יחד, לא של פריט אחד' },
    accordionBrief: { postfix: ' ₪ לכל המלאי' },
  },
  nominalPrice: { label: 'שווי המלאי כשהיה חדש' },
  description: {
    label: 'תיאור המלאי',
    placeholder: 'פרטו מה יש במלאי: סוגי הפריטים, כמויות, מידות ומצב האריזות',
  },
};

/** Industrial equipment (56): by field id. */
export const INDUSTRIAL_TEXTS: Readonly<Record<string, SectionTexts>> = {
  title: { label: 'שם הציוד והדגם', placeholder: 'לדוגמה: מלגזה חשמלית 2.5 טון' },
  '6727': { label: 'מצב הציוד' },
  '807': { label: 'מספר יחידות' },
  brand: { label: 'יצרן' },
  price: { label: 'מחיר הציוד', accordionBrief: { postfix: ' ₪ ליחידה' } },
  nominalPrice: { label: 'מחיר הציוד כשהיה חדש' },
  description: {
    label: 'תיאור הציוד',
    placeholder: 'שנת ייצור, שעות עבודה, הספק, מידות, תחזוקה אחרונה',
  },
};

/** The product step's field with the texts of the stock and industrial sections. */
export function withSectionTexts(field: FieldDef): FieldDef {
  const entries: FieldTexts[] = [
    ...(STOCK_TEXTS[field.id] ? [{ when: inSection(STOCK_SALES_CAT), ...STOCK_TEXTS[field.id] }] : []),
    ...(INDUSTRIAL_TEXTS[field.id] ? [{ when: inSection(INDUSTRIAL_SALES_CAT), ...INDUSTRIAL_TEXTS[field.id] }] : []),
  ];
  return entries.length ? { ...field, textsWhen: [...(field.textsWhen ?? []), ...entries] } : field;
}
