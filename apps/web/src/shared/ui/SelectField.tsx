import { useId } from 'react';
import './textField.css';

/** A labelled list to choose from, drawn as the text fields are (their classes), for the forms in popups and pages. */
export function SelectField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; text: string }[];
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <div className="text-field">
      <label htmlFor={id} className="text-field__label">
        {props.label}
      </label>
      <select
        id={id}
        className="text-field__input"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
      >
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.text}
          </option>
        ))}
      </select>
      {props.error && (
        <p id={`${id}-error`} className="text-field__error">
          {props.error}
        </p>
      )}
    </div>
  );
}
