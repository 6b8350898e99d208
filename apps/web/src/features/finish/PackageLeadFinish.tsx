import { usePageTitle } from '../../shared/hooks/index.ts';
import { he, hePackages } from '../../shared/i18n/index.ts';
import { Link } from '../../shared/routing/index.ts';
import './finishArea.css';

const t = hePackages.leadFinish;

/**
 * /finishArea?action=packageLead&OrderID=…: where finish-publish's contact-form variant sends the advertiser once
 * the buy-package form is stored; the sales team calls in the package line's hours (spec §9).
 */
export function PackageLeadFinish({ orderId }: { orderId: string | null }) {
  usePageTitle(hePackages.meta.leadFinish);
  return (
    <section className="finish card" data-testid="finish-package-lead">
      <span className="finish__icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" focusable="false">
          <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
      </span>
      <h1 className="page__title">{t.title}</h1>
      <p className="page__lead">{t.text}</p>
      <p>{hePackages.salesHours}</p>
      {orderId && (
        <p>
          {t.adNumber} <bdi>{orderId}</bdi>
        </p>
      )}
      <ul className="link-list">
        <li>
          <Link to="/my-ads" className="btn btn--primary">
            {t.toMyAds}
          </Link>
        </li>
        <li>
          <Link to="/packages" className="btn btn--secondary">
            {t.toPackages}
          </Link>
        </li>
        <li>
          <Link to="/" className="btn btn--secondary">
            {he.wizard.toMyArea}
          </Link>
        </li>
      </ul>
    </section>
  );
}
