import { useEffect, useState } from 'react';
import { getFinishPaymentPage } from '../api/payments.ts';
import { Link, useSearchParams } from '../app/routing.tsx';
import { sameOriginPath } from '../app/safeUrl.ts';
import { usePageTitle } from '../app/usePageTitle.ts';
import { hePayment } from '../i18n/hePayment.ts';
import './pages.css';

/** The window to send on: the top one (this page may be shown inside the payment frame). */
function topWindow(): Window {
  try {
    return window.top && window.top.location.origin === window.location.origin ? window.top : window;
  } catch {
    return window;
  }
}

/**
 * /finishPaymentArea (after-save-area.md §2): 'אנא המתינו...' while it asks the server for the return URL
 * (GET get-finish-page with action=finishPayment), then sends the top window there. Only a same-origin URL is
 * followed; anything else leaves the page on a link to the finish area.
 */
export default function FinishPaymentAreaPage() {
  usePageTitle(hePayment.meta.finishPaymentArea);
  const [params] = useSearchParams();
  const [failed, setFailed] = useState(false);
  const query = params.toString();

  useEffect(() => {
    const controller = { cancelled: false };
    void getFinishPaymentPage(new URLSearchParams(query)).then((r) => {
      if (controller.cancelled) return;
      const target = r.ok ? sameOriginPath(r.data?.returnUrl) : undefined;
      if (!target) {
        setFailed(true);
        return;
      }
      topWindow().location.assign(target);
    });
    return () => {
      controller.cancelled = true;
    };
  }, [query]);

  return (
    <main id="main" className="page">
      <h1 className="visually-hidden">{hePayment.meta.finishPaymentArea}</h1>
      {failed ? (
        <section className="message-page">
          <p className="page__lead" role="alert">
            {hePayment.returnFailed}
          </p>
          <Link to="/finishArea" className="btn btn--primary">
            {hePayment.toFinishArea}
          </Link>
        </section>
      ) : (
        <p className="page-fallback" role="status">
          {hePayment.pleaseWait}
        </p>
      )}
    </main>
  );
}
