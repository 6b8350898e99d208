import { heContactUs } from '../../shared/i18n/index.ts';
import { Link, useLocation } from '../../shared/routing/index.ts';
import './contactFab.css';

/**
 * The floating contact button (after-save-area.md §1, §2): on every page under the top bar except /contactus
 * itself. A plain link (no script of its own), so it costs the first /publish screen a few hundred bytes.
 */
export function ContactFab() {
  const { pathname } = useLocation();
  if (pathname === '/contactus') return null;
  // In a landmark of its own: every piece of the page is inside one (axe "region").
  return (
    <aside aria-label={heContactUs.fabRegion}>
      <Link to="/contactus" className="contact-fab" aria-label={heContactUs.fabLabel} data-testid="contact-fab">
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H8.4L4 21.5V18a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2Zm2 5v2h12V8H6Zm0 4v2h8v-2H6Z"
          />
        </svg>
        <span className="contact-fab__text" aria-hidden="true">
          {heContactUs.fab}
        </span>
      </Link>
    </aside>
  );
}
