import { useId } from 'react';
import './textField.css';

/** A labelled list to choose from, drawn as the text fields are (their classes), for the forms in popups and pages. */
export function SelectField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; text: string }[];
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
      >
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.text}
          </option>
        ))}
      </select>
    </div>
  );
}
