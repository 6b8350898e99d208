import { FieldLabel, labelOf, textValue, type WidgetProps } from '../../../shared/fields/index.ts';
import { he } from '../../../shared/i18n/index.ts';
import { BdiText } from '../../../shared/ui/index.ts';
import { allowedUrl } from './urls.ts';

/** Display-only fields (never sent): span, title, link, button, iframe. */

export function SpanField({ field }: WidgetProps) {
  const text = textValue(field.value) || labelOf(field);
  return (
    <p className="field__span">
      <BdiText text={text} />
    </p>
  );
}

export function TitleField({ field }: WidgetProps) {
  return <h3 className="field__title">{labelOf(field)}</h3>;
}

export function LinkField({ field, env }: WidgetProps) {
  const href = allowedUrl(field.def.url, env.urlAllowlist);
  if (!href) return <span className="field__span">{labelOf(field)}</span>;
  const external = /^https?:/.test(href);
  return (
    <a href={href} className="field__link" {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {labelOf(field)}
      {external && <span className="visually-hidden"> ({he.fields.opensInNewTab})</span>}
    </a>
  );
}

/** A button field runs its action (the licence search) through the wizard. */
export function ButtonField({ field, ids, env }: WidgetProps) {
  const state = env.actionState(field.def.id);
  const busy = state?.busy === true;
  return (
    <button
      id={ids.input}
      type="button"
      className="btn btn--primary field__button"
      disabled={!field.enabled || state?.disabled === true || busy}
      aria-busy={busy || undefined}
      onClick={() => env.onAction(field.def.id)}
    >
      {busy ? (state?.busyLabel ?? he.common.loading) : labelOf(field)}
    </button>
  );
}

/** An iframe from our origin or an allowlisted one only, sandboxed. */
export function IframeField({ field, ids, env }: WidgetProps) {
  const src = allowedUrl(field.def.url, env.urlAllowlist);
  return (
    <>
      <FieldLabel field={field} id={ids.label} />
      {src ? (
        <iframe
          src={src}
          title={labelOf(field) || he.fields.embedded}
          className="field__iframe"
          sandbox="allow-scripts allow-forms"
          referrerPolicy="no-referrer"
          loading="lazy"
        />
      ) : (
        <p className="field__note">{he.fields.embedBlocked}</p>
      )}
    </>
  );
}
