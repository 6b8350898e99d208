import { checkboxStates, isChecked } from '@app/form-engine/values';
import { FieldLabel } from './FieldLabel.tsx';
import { inputAria, type WidgetProps } from './types.ts';

/** A checkbox holding one of its two accepted values ("unchecked,checked", default 0 and 1). */
export function CheckboxInput(props: WidgetProps) {
  const { field, ids, onChange, env } = props;
  const states = checkboxStates(field.def);
  const locked = env.locked?.(field.def.id);
  return (
    <div className="checkbox">
      <input
        id={ids.input}
        type="checkbox"
        name={field.def.name ?? field.def.id}
        className="checkbox__input"
        checked={isChecked(field.def, field.value)}
        disabled={!field.enabled || locked !== undefined}
        onChange={(event) => onChange(event.target.checked ? states.checked : states.unchecked)}
        {...inputAria(props)}
      />
      <FieldLabel field={field} id={ids.label} htmlFor={ids.input} />
      {locked && (
        <p className="checkbox__note" role="status">
          {locked}
        </p>
      )}
    </div>
  );
}
