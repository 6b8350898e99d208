import type { PublicAdResponse } from '@app/contract/publish';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useState } from 'react';
import { fetchPublicAd, type PublicAdOutcome } from '../../shared/api/index.ts';
import { formatPrice } from '../../shared/format/index.ts';
import { usePageTitle } from '../../shared/hooks/index.ts';
import { heCarSign as t } from '../../shared/i18n/index.ts';
import { useParams } from '../../shared/routing/index.ts';
import { NotFoundPage } from '../../shared/ui/index.ts';
import { signFacts, signPrice } from './carSign.ts';
import './carSign.css';

/** The spec's QR code: size 133, high error correction (after-save-area.md §4 "Car sign", §9). */
export const QR_SIZE = 133;

/**
 * /print/carQR/{id}: the printable car sign (after-save-area.md §2, §4): the ad (GET adds/{id}), a QR code to its
 * public address, the price only above 0, and a print button. One A4 page in landscape (carSign.css). A draft of
 * someone else, or an unknown ad, is the 404 page. Lazy-loaded: the QR code library is in this chunk only.
 */
export default function CarSignPage() {
  const { id = '' } = useParams<{ id: string }>();
  const [outcome, setOutcome] = useState<PublicAdOutcome | { kind: 'loading' }>({ kind: 'loading' });
  usePageTitle(t.pageTitle);

  useEffect(() => {
    const controller = new AbortController();
    setOutcome({ kind: 'loading' });
    void fetchPublicAd(id, controller.signal).then((result) => {
      if (!controller.signal.aborted) setOutcome(result);
    });
    return () => controller.abort();
  }, [id]);

  if (outcome.kind === 'notFound') {
    return (
      <main id="main" className="page">
        <NotFoundPage />
      </main>
    );
  }
  return (
    <main id="main" className="page car-sign-page">
      {outcome.kind === 'loading' && (
        <p className="page__lead" role="status">
          {t.loading}
        </p>
      )}
      {outcome.kind === 'failed' && (
        <p className="page__lead" role="alert">
          {t.loadFailed}
        </p>
      )}
      {outcome.kind === 'found' && <CarSign ad={outcome.ad} />}
    </main>
  );
}

function CarSign({ ad }: { ad: PublicAdResponse }) {
  const price = signPrice(ad.Price);
  const title = [ad.ManufacturerTitle, ad.ModelTitle].filter(Boolean).join(' ');
  return (
    <>
      <div className="car-sign-page__toolbar">
        <h1 className="page__title">{t.heading(ad.OrderID)}</h1>
        <p className="page__lead">{t.lead}</p>
        <button type="button" className="btn btn--primary" onClick={() => window.print()} data-testid="print-sign">
          {t.print}
        </button>
      </div>
      <article className="car-sign" aria-label={t.signLabel} data-testid="car-sign-sheet">
        <p className="car-sign__banner" aria-hidden="true">
          {t.forSale}
        </p>
        <p className="visually-hidden">{t.forSale}</p>
        <div className="car-sign__body">
          <div className="car-sign__details">
            {title && <h2 className="car-sign__title">{title}</h2>}
            {ad.SubModelTitle && <p className="car-sign__submodel">{ad.SubModelTitle}</p>}
            <dl className="car-sign__facts">
              {signFacts(ad).map((fact) => (
                <div key={fact.label} className="car-sign__fact">
                  <dt>{fact.label}</dt>
                  <dd>
                    <bdi>{fact.value}</bdi>
                  </dd>
                </div>
              ))}
            </dl>
            {price !== undefined && (
              <p className="car-sign__price" data-testid="sign-price">
                <bdi>{formatPrice(price * 100)}</bdi>
              </p>
            )}
            {ad.Phone1 && (
              <p className="car-sign__phone">
                {t.phone}{' '}
                <bdi dir="ltr" data-testid="sign-phone">
                  {ad.Phone1}
                </bdi>
              </p>
            )}
          </div>
          <figure className="car-sign__qr">
            <QRCodeSVG
              value={ad.AdUrl}
              size={QR_SIZE}
              level="H"
              marginSize={2}
              title={t.qrTitle}
              className="car-sign__code"
              data-testid="sign-qr"
            />
            <figcaption>{t.scan}</figcaption>
          </figure>
        </div>
        <p className="car-sign__footer">
          {t.adNumber} <bdi>{ad.OrderID}</bdi> · {t.signCode} <bdi>{ad.Token.slice(0, 8)}</bdi>
        </p>
      </article>
    </>
  );
}
