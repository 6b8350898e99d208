import type { FieldValue } from '@app/form-engine/model';
import type { ResolvedField } from '@app/form-engine/resolution';
import { useId, useState } from 'react';
import { type FieldEnv, type FieldIds, labelOf } from '../../../shared/fields/index.ts';
import { he } from '../../../shared/i18n/index.ts';
import { widgetFor } from './registry.ts';

export interface FieldViewProps {
  field: ResolvedField;
  error: string | undefined;
  onChange: (fieldId: string, value: FieldValue) => void;
  env: FieldEnv;
}

/** Types that have no visible box of their own (no hint, no error region). */
const BARE = new Set(['hidden', 'title', 'span']);

/**
 * One field: its widget from the registry, the "after" tooltip as a hint, and the error (or the field's
 * notification) under it in a live region (aria-invalid and aria-describedby are set by the widget from `ids`).
 * Ghost fields start collapsed, unless they have something to say.
 */
export function FieldView({ field, error, onChange, env }: FieldViewProps) {
  const base = useId();
  const [expanded, setExpanded] = useState(false);
  if (!field.visible) return null;
  const { def } = field;
  const ids: FieldIds = { input: `${base}-in`, label: `${base}-label`, hint: `${base}-hint`, error: `${base}-error` };
  const hint = def.tooltip?.after;
  // The catalogue's notification shows in the error's place, as an error, until a real error takes it (it is a
  // notice: the widget is not marked invalid and nothing stops the step; form-engine README "Notifications").
  const notice = error ? undefined : def.notification;
  const message = error ?? notice;
  const describedBy = [hint ? ids.hint : '', message ? ids.error : ''].filter(Boolean).join(' ') || undefined;
  const Widget = widgetFor(def);
  const widget = (
    <Widget
      field={field}
      ids={ids}
      describedBy={describedBy}
      error={error}
      onChange={(value) => onChange(def.id, value)}
      env={env}
    />
  );
  if (def.type === 'hidden') return widget;
  if (field.ghost && !expanded && !message) {
    return (
      <div className="field field--ghost" data-field-id={def.id}>
        <button type="button" className="btn btn--link" onClick={() => setExpanded(true)}>
          {he.fields.addGhost(labelOf(field))}
        </button>
      </div>
    );
  }
  const bare = BARE.has(def.type);
  return (
    <div
      className={`field field--${def.type}${error ? ' field--invalid' : ''}${field.enabled ? '' : ' field--disabled'}`}
      data-field-id={def.id}
    >
      {widget}
      {hint && !bare && (
        <p id={ids.hint} className="field__hint">
          {hint}
        </p>
      )}
      {!bare && (
        <div className="field__live" aria-live="polite">
          {message && (
            <p
              id={ids.error}
              className={`field__error${notice ? ' field__error--notice' : ''}`}
              data-testid={notice ? 'field-notification' : undefined}
            >
              {message}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
