import { usePageTitle } from '../hooks/index.ts';
import { he } from '../i18n/index.ts';
import { Link } from '../routing/index.ts';
import './pages.css';

export default function NotFoundPage() {
  usePageTitle(he.meta.notFound);
  return (
    <section className="message-page">
      <p className="message-page__code" aria-hidden="true">
        404
      </p>
      <h1 className="page__title">{he.notFound.title}</h1>
      <p className="page__lead">{he.notFound.text}</p>
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
