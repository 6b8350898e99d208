import { usePageTitle } from '../../shared/hooks/index.ts';
import { he, hePackages } from '../../shared/i18n/index.ts';
import { LinkList } from '../../shared/ui/index.ts';
import { DoneMark } from './DoneMark.tsx';
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
      <DoneMark />
      <h1 className="page__title">{t.title}</h1>
      <p className="page__lead">{t.text}</p>
      <p>{hePackages.salesHours}</p>
      {orderId && (
        <p>
          {t.adNumber} <bdi>{orderId}</bdi>
        </p>
      )}
      <LinkList
        links={[
          { to: '/my-ads', text: t.toMyAds, primary: true },
          { to: '/packages', text: t.toPackages },
          { to: '/', text: he.wizard.toMyArea },
        ]}
      />
    </section>
  );
}
