import { Link } from '../app/routing.tsx';
import { he } from '../i18n/he.ts';
import './pages.css';

/** A page that only says something (not found, not available here), with the ways on: publish an ad, or home. */
export function MessagePage({ code, title, text }: { code?: string; title: string; text: string }) {
  return (
    <section className="message-page">
      {code && (
        <p className="message-page__code" aria-hidden="true">
          {code}
        </p>
      )}
      <h1 className="page__title">{title}</h1>
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
