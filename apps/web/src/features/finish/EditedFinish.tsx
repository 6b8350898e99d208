import { usePageTitle } from '../../shared/hooks/index.ts';
import { he } from '../../shared/i18n/index.ts';
import { Link } from '../../shared/routing/index.ts';
import './finishArea.css';

const t = he.finishArea;

/** /finishArea?action=edited&OrderID=…: where order-edited sends the advertiser once an edit is live. */
export function EditedFinish({ orderId }: { orderId: string | null }) {
  usePageTitle(t.editedTitle);
  return (
    <section className="finish card" data-testid="finish-edited">
      <span className="finish__icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" focusable="false">
          <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
      </span>
      <h1 className="page__title">{t.editedTitle}</h1>
      <p className="page__lead">{t.editedText}</p>
      {orderId && (
        <p>
          {t.editedAdNumber} <bdi>{orderId}</bdi>
        </p>
      )}
      <ul className="link-list">
        {orderId && (
          <li>
            <Link to={`/edit/${orderId}`} className="btn btn--secondary">
              {t.editAgain}
            </Link>
          </li>
        )}
        <li>
          <Link to="/my-ads" className="btn btn--primary">
            {t.toMyAds}
          </Link>
        </li>
      </ul>
    </section>
  );
}
