import { usePageTitle } from '../../shared/hooks/index.ts';
import { he } from '../../shared/i18n/index.ts';
import { Link } from '../../shared/routing/index.ts';
import '../../shared/ui/pages.css';

/** Honest placeholder for routes that are linked but not built yet (/packages, /contactus, other finish pages). */
export default function NotAvailablePage({ text = he.notAvailable.text }: { text?: string }) {
  usePageTitle(he.meta.notAvailable);
  return (
    <section className="message-page">
      <h1 className="page__title">{he.notAvailable.title}</h1>
      <p className="page__lead">{text}</p>
      <ul className="link-list">
        <li>
          <Link to="/publish" className="btn btn--primary">
            {he.notAvailable.toPublish}
          </Link>
        </li>
        <li>
          <Link to="/" className="btn btn--secondary">
            {he.notAvailable.toHome}
          </Link>
        </li>
      </ul>
    </section>
  );
}
