import { DEFAULT_MAXLENGTH } from '@app/form-engine/format';
import { FieldLabel } from './FieldLabel.tsx';
import { inputAria, textValue, type WidgetProps } from './types.ts';

const INPUT_TYPES = { text: 'text', password: 'password', email: 'email', tel: 'tel' } as const;
const AUTOCOMPLETE = { text: 'off', password: 'new-password', email: 'email', tel: 'tel' } as const;

/** text, password, email and tel inputs (tel and e-mail left-to-right). */
export function TextInput(props: WidgetProps) {
  const { field, ids, onChange } = props;
  const { def } = field;
  const type = def.type in INPUT_TYPES ? INPUT_TYPES[def.type as keyof typeof INPUT_TYPES] : 'text';
  const dir = def.dir ?? (type === 'tel' || type === 'email' ? 'ltr' : undefined);
  return (
    <>
      <FieldLabel field={field} id={ids.label} htmlFor={ids.input} />
      <input
        id={ids.input}
        name={def.name ?? def.id}
        className="field__input"
        type={type}
        dir={dir}
        inputMode={type === 'tel' ? 'tel' : type === 'email' ? 'email' : undefined}
        autoComplete={AUTOCOMPLETE[type]}
        value={textValue(field.value)}
        placeholder={def.placeholder}
        maxLength={def.maxlength ?? DEFAULT_MAXLENGTH}
        disabled={!field.enabled}
        onChange={(event) => onChange(event.target.value)}
        {...inputAria(props)}
      />
    </>
  );
}
