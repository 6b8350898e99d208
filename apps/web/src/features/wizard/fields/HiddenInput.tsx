import { textValue, type WidgetProps } from '../../../shared/fields/index.ts';

/** Type hidden: kept and sent, never shown. */
export function HiddenInput({ field }: WidgetProps) {
  return <input type="hidden" name={field.def.name ?? field.def.id} value={textValue(field.value)} />;
}
