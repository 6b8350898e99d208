import type { ContactUsField as FieldDef } from '@app/contract/contactUs';
import '../../shared/ui/textField.css';

interface Props {
  field: FieldDef;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
}

/** One field of the server's contact-us form: a select, a textarea or an input, its error announced under it. */
export function ContactUsField({ field, value, error, onChange, onBlur }: Props) {
  const id = field.id;
  const errorId = `${id}-error`;
  const common = {
    id,
    name: field.name,
    value,
    onBlur,
    className: 'text-field__input',
    autoComplete: field.autocomplete,
    'aria-invalid': error ? true : undefined,
    'aria-required': field.required || undefined,
    'aria-describedby': error ? errorId : undefined,
  } as const;
  const ltr = field.type === 'email' || field.type === 'tel';
  return (
    <div className={`text-field${error ? ' text-field--invalid' : ''}`} data-testid={`contactus-${field.name}`}>
      <label htmlFor={id} className="text-field__label">
        {field.label}
        {field.required && (
          <span className="contactus__required" aria-hidden="true">
            {' *'}
          </span>
        )}
      </label>
      {field.element === 'select' ? (
        <select {...common} onChange={(e) => onChange(e.target.value)}>
          {(field.options ?? []).map((option) => (
            <option key={option.value} value={option.value} disabled={option.value === '' && field.required}>
              {option.text}
            </option>
          ))}
        </select>
      ) : field.element === 'textarea' ? (
        <textarea {...common} rows={6} maxLength={field.maxlength} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input
          {...common}
          type={field.type === 'tel' ? 'tel' : field.type === 'email' ? 'email' : 'text'}
          dir={ltr ? 'ltr' : undefined}
          inputMode={field.type === 'tel' ? 'tel' : field.type === 'email' ? 'email' : undefined}
          maxLength={field.maxlength}
          spellCheck={false}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      <div aria-live="polite" className="text-field__live">
        {error && (
          <p id={errorId} className="text-field__error">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
