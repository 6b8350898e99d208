import { type AlertIcon, type AlertMessage, alertRole } from '@app/contract/alerts';
import { useId } from 'react';
import { Link } from '../routing/index.ts';
import './alert.css';

const ICON_PATHS: Record<AlertIcon, string> = {
  edit: 'M4 20h4L19 9l-4-4L4 16v4zM14 6l4 4',
  arrow: 'M15 6l-6 6 6 6',
  phone: 'M6 3h3l2 5-2 1.5a11 11 0 005.5 5.5L16 13l5 2v3a2 2 0 01-2 2A16 16 0 014 5a2 2 0 012-2z',
  info: 'M12 11v6M12 7.5v.5',
};

/** The mark of each type, drawn (the type is also said in words by the role and the title). */
const TYPE_PATHS: Record<AlertMessage['type'], string> = {
  info: 'M12 11v6M12 7.5v.5',
  success: 'M6 12.5l4 4 8-9',
  warning: 'M12 7v6M12 16.5v.5',
  error: 'M8 8l8 8M16 8l-8 8',
};

function Icon({ path, className }: { path: string; className: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={path} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * The rich alert (after-save-area.md §3 "Alert message", §9 "Alert default width 100% below 680 else 520, height
 * 74"): a box of its type (info, success, warning, error) with a title, the message, an optional picture and a
 * postfix — a link (a path of the product, or an address) or a text, with its icon and a tooltip that shows on
 * hover and focus and describes the link to screen readers. Errors and warnings are announced at once (role alert),
 * news and success politely (role status).
 */
export function Alert({ alert, testId }: { alert: AlertMessage; testId?: string }) {
  const tipId = useId();
  const { postfix } = alert;
  const tip = postfix?.toolTip;
  const postfixBody = postfix && (
    <>
      {postfix.icon && <Icon path={ICON_PATHS[postfix.icon]} className="alert__postfix-icon" />}
      <span>{postfix.text}</span>
    </>
  );
  const described = tip ? tipId : undefined;
  const href = linkOf(postfix?.href);
  return (
    <div
      className={`alert alert--${alert.type}`}
      role={alertRole(alert.type)}
      data-testid={testId}
      data-type={alert.type}
    >
      <Icon path={TYPE_PATHS[alert.type]} className="alert__mark" />
      <div className="alert__body">
        {alert.titleMessage && <p className="alert__title">{alert.titleMessage}</p>}
        <p className="alert__message">{alert.message}</p>
        {postfix && (
          <p className="alert__postfix">
            {href?.kind === 'path' ? (
              <Link to={href.to} className="alert__link" aria-describedby={described}>
                {postfixBody}
              </Link>
            ) : href ? (
              <a href={href.to} className="alert__link" aria-describedby={described}>
                {postfixBody}
              </a>
            ) : (
              <span className="alert__text" aria-describedby={described}>
                {postfixBody}
              </span>
            )}
            {tip && (
              <span id={tipId} role="tooltip" className="alert__tip">
                {tip}
              </span>
            )}
          </p>
        )}
      </div>
      {alert.image && <img className="alert__image" src={alert.image} alt="" width="56" height="56" />}
    </div>
  );
}

/**
 * Where a postfix link may lead: a path of ours (not '//host'), or an http(s) address; anything else (javascript:,
 * data:) is shown as text.
 */
export function linkOf(href: string | undefined): { kind: 'path' | 'url'; to: string } | undefined {
  if (!href) return undefined;
  if (href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/\\')) return { kind: 'path', to: href };
  try {
    const url = new URL(href);
    return url.protocol === 'https:' || url.protocol === 'http:' ? { kind: 'url', to: url.toString() } : undefined;
  } catch {
    return undefined;
  }
}
