import { he } from '../shared/i18n/index.ts';
import '../shared/ui/pages.css';

/** Shown when a route fails to render or its code fails to load (e.g. after a deploy). */
export function RouteError() {
  return (
    <main className="page message-page">
      <h1 className="page__title">{he.routeError.title}</h1>
      <p className="page__lead">{he.routeError.text}</p>
      <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
        {he.routeError.reload}
      </button>
    </main>
  );
}
