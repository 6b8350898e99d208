import { useEffect, useState } from 'react';
import { getFinishPaymentPage } from '../../shared/api/index.ts';
import { usePageTitle } from '../../shared/hooks/index.ts';
import { hePayment } from '../../shared/i18n/index.ts';
import { Link, sameOriginPath, useSearchParams } from '../../shared/routing/index.ts';
import '../../shared/ui/pages.css';

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
