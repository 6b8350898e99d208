import { type HTMLAttributes, type Ref, useId } from 'react';
import './textField.css';

export interface TextFieldProps {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'password';
  autoComplete: string;
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
export function TextField(props: TextFieldProps) {
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
