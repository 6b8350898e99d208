import { DEFAULT_DATE_FORMAT, formatDate, parseDate } from '@app/form-engine/format';
import { lazy, Suspense, useRef, useState } from 'react';
import { FieldLabel, inputBase, textValue, type WidgetProps } from '../../../shared/fields/index.ts';
import { he } from '../../../shared/i18n/index.ts';
import { maskDate } from './calendarGrid.ts';
import { DIGITS_INPUT } from './inputFilter.ts';

// The calendar is loaded only when someone opens it: it never weighs on the form's first paint.
const DateCalendar = lazy(() => import('./DateCalendar.tsx'));

/**
 * A date typed as DD/MM/YYYY or picked from a Hebrew calendar; the immediate option sets today and disables
 * the input; a clear button empties it. Errors (format, bounds, past) come from the engine's validation.
 */
export function DateInput(props: WidgetProps) {
  const { field, ids, onChange, env } = props;
  const { def } = field;
  const format = def.format ?? DEFAULT_DATE_FORMAT;
  const text = textValue(field.value);
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const parsed = parseDate(text, format);
  const immediate = field.immediate;
  const inputDisabled = !field.enabled || immediate;

  const close = () => {
    setOpen(false);
    opener.current?.focus();
  };

  return (
    <>
      <FieldLabel field={field} id={ids.label} htmlFor={ids.input} />
      <div className="date">
        <input
          {...inputBase(props, { disabled: inputDisabled })}
          className="field__input date__input"
          {...DIGITS_INPUT}
          dir="ltr"
          value={text}
          placeholder={def.placeholder ?? format}
          maxLength={format.length}
          onChange={(event) =>
            onChange(format === DEFAULT_DATE_FORMAT ? maskDate(event.target.value) : event.target.value)
          }
        />
        <button
          ref={opener}
          type="button"
          className="btn btn--secondary date__open"
          aria-expanded={open}
          aria-label={he.fields.openCalendar(def.label ?? '')}
          disabled={inputDisabled}
          onClick={() => setOpen((o) => !o)}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <rect x="3.5" y="5" width="17" height="15" rx="2" fill="none" stroke="currentColor" strokeWidth="1.8" />
            <path d="M3.5 10h17M8 3v4M16 3v4" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
        </button>
        {text !== '' && !inputDisabled && (
          <button type="button" className="btn btn--link date__clear" onClick={() => onChange('')}>
            {he.fields.clearDate}
          </button>
        )}
      </div>
      {def.isImmediate && (
        <label className="checkbox date__immediate">
          <input
            type="checkbox"
            className="checkbox__input"
            checked={immediate}
            disabled={!field.enabled}
            onChange={(event) => onChange(event.target.checked ? formatDate(env.today, format) : '')}
          />
          <span>{he.fields.immediateOf[def.id] ?? he.fields.immediate}</span>
        </label>
      )}
      {open && (
        <Suspense fallback={<p className="field__note">{he.common.loading}</p>}>
          <DateCalendar
            label={def.label ?? ''}
            selected={parsed.ok ? parsed.iso : undefined}
            today={env.today}
            allowPast={def.allowPast === true}
            onPick={(iso) => {
              onChange(formatDate(iso, format));
              close();
            }}
            onClose={close}
          />
        </Suspense>
      )}
    </>
  );
}
