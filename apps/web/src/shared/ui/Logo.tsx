import { he } from '../i18n/index.ts';
import { Link } from '../routing/index.ts';

/** Text-and-mark logo; the link around it carries the accessible name. */
export function Logo() {
  return (
    <span className="logo">
      <svg className="logo__mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="#ff7100" />
        <path d="M8 8.5h8.2l7.8 7.8-7.7 7.7L8.5 16.2z" fill="#fff" />
        <circle cx="12.6" cy="12.9" r="1.7" fill="#ff7100" />
      </svg>
      <span className="logo__text" aria-hidden="true">
        לוח
      </span>
    </span>
  );
}

/** The logo as the way home, at the start of every bar. */
export function HomeLogo() {
  return (
    <Link to="/" className="topbar__logo" aria-label={he.topBar.logo}>
      <Logo />
    </Link>
  );
}
