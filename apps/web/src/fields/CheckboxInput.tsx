import { checkboxStates, isChecked } from '@app/form-engine/values';
import { FieldLabel } from './FieldLabel.tsx';
import { inputAria, type WidgetProps } from './types.ts';

/** A checkbox holding one of its two accepted values ("unchecked,checked", default 0 and 1). */
export function CheckboxInput(props: WidgetProps) {
  const { field, ids, onChange } = props;
  const states = checkboxStates(field.def);
  return (
    <div className="checkbox">
      <input
        id={ids.input}
        type="checkbox"
        name={field.def.name ?? field.def.id}
        className="checkbox__input"
        checked={isChecked(field.def, field.value)}
        disabled={!field.enabled}
        onChange={(event) => onChange(event.target.checked ? states.checked : states.unchecked)}
        {...inputAria(props)}
      />
      <FieldLabel field={field} id={ids.label} htmlFor={ids.input} />
    </div>
  );
}
