import { useState } from 'react';
import { usePageTitle } from '../../shared/hooks/index.ts';
import { he } from '../../shared/i18n/index.ts';
import { Popup } from '../../shared/popups/index.ts';
import { Link } from '../../shared/routing/index.ts';
import './finishArea.css';

const t = he.finishArea;

/** The buy-package form of the business-for-sale package, on /packages (which knows the packages on sale). */
const BUSINESS_FOR_SALE_PACKAGE_FORM = '/packages?package=businessForSale&cat=3&subcat=2';

function BusinessHours() {
  return (
    <>
      {t.hours} <bdi dir="ltr">{t.hoursRange}</bdi>
    </>
  );
}

/** after-save-area.md "Finish page variants": business-for-sale requires buying a package first. */
export function BusinessForSaleFinish() {
  usePageTitle(t.businessTitle);
  const [details, setDetails] = useState(false);
  return (
    <section className="finish card" data-testid="finish-business-for-sale">
      <span className="finish__icon" aria-hidden="true">
        <svg
          viewBox="0 0 24 24"
          width="40"
          height="40"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          aria-hidden="true"
          focusable="false"
        >
          <path d="M3.5 9 5.5 4h13l2 5zM5 9v11h14V9M10 20v-5h4v5M3.5 9h17" strokeLinejoin="round" />
        </svg>
      </span>
      <h1 className="page__title">{t.businessTitle}</h1>
      <p className="page__lead">{t.businessText}</p>
      <h2 className="visually-hidden">{t.benefitsLabel}</h2>
      <ul className="finish__benefits">
        {t.benefits.map((benefit) => (
          <li key={benefit}>
            <svg viewBox="0 0 16 16" width="18" height="18" aria-hidden="true" focusable="false">
              <path d="M3 8.5l3.2 3L13 5" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
            {benefit}
          </li>
        ))}
      </ul>
      <button type="button" className="btn btn--primary" onClick={() => setDetails(true)}>
        {t.moreDetails}
      </button>
      <footer className="finish__footer">
        <strong>{t.businessLine}:</strong> <BusinessHours />
      </footer>
      {details && (
        <Popup header={t.detailsHeader} size={{ width: 480 }} onClose={() => setDetails(false)}>
          <p>{t.detailsText}</p>
          <p>
            <strong>{t.businessLine}:</strong> <BusinessHours />
          </p>
          <Link to={BUSINESS_FOR_SALE_PACKAGE_FORM} className="btn btn--primary" data-autofocus>
            {t.contactUs}
          </Link>
        </Popup>
      )}
    </section>
  );
}
