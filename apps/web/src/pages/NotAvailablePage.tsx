import { Link } from '../app/routing.tsx';
import { usePageTitle } from '../app/usePageTitle.ts';
import { he } from '../i18n/he.ts';
import './pages.css';

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
