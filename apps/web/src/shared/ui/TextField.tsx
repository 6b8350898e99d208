import { type HTMLAttributes, type Ref, useId } from 'react';
import './textField.css';

/**
 * What a person's name, a phone number and an e-mail address take in every form: what the browser may fill in, the
 * keyboard a phone shows, left-to-right numbers and addresses, and the longest accepted. A field's own props win.
 */
const KINDS = {
  name: { autoComplete: 'name', maxLength: 100 },
  phone: { autoComplete: 'tel', inputMode: 'tel', dir: 'ltr', maxLength: 20 },
  email: { type: 'email', autoComplete: 'email', dir: 'ltr', maxLength: 254 },
} as const;

export interface TextFieldProps {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** A name, a phone number or an e-mail address (the attributes of KINDS). */
  kind?: keyof typeof KINDS;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  dir?: 'ltr' | 'rtl';
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  maxLength?: number;
  /** Error text shown under the field (and announced). */
  error?: string | undefined;
  hint?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** Focused when the surrounding dialog opens. */
  autoFocus?: boolean;
  /** Announced as required (aria-required). */
  required?: boolean;
}

/** Labelled input with hint and error wired through aria-describedby / aria-invalid. */
export function TextField(given: TextFieldProps) {
  const props = given.kind ? { ...KINDS[given.kind], ...given } : given;
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [props.hint ? hintId : '', props.error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className={`text-field${props.error ? ' text-field--invalid' : ''}`}>
      <label htmlFor={id} className="text-field__label">
        {props.label}
      </label>
      <input
        ref={props.inputRef}
        id={id}
        name={props.name}
        className="text-field__input"
        type={props.type ?? 'text'}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        autoComplete={props.autoComplete}
        dir={props.dir}
        inputMode={props.inputMode}
        maxLength={props.maxLength}
        aria-invalid={props.error ? true : undefined}
        aria-required={props.required || undefined}
        aria-describedby={describedBy || undefined}
        data-autofocus={props.autoFocus ? '' : undefined}
        spellCheck={false}
      />
      {props.hint && (
        <p id={hintId} className="text-field__hint">
          {props.hint}
        </p>
      )}
      <div aria-live="polite" className="text-field__live">
        {props.error && (
          <p id={errorId} className="text-field__error">
            {props.error}
          </p>
        )}
      </div>
    </div>
  );
}
