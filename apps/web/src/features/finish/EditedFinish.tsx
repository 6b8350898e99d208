import { usePageTitle } from '../../shared/hooks/index.ts';
import { he } from '../../shared/i18n/index.ts';
import { LinkList } from '../../shared/ui/index.ts';
import { DoneMark } from './DoneMark.tsx';
import './finishArea.css';

const t = he.finishArea;

/** /finishArea?action=edited&OrderID=…: where order-edited sends the advertiser once an edit is live. */
export function EditedFinish({ orderId }: { orderId: string | null }) {
  usePageTitle(t.editedTitle);
  return (
    <section className="finish card" data-testid="finish-edited">
      <DoneMark />
      <h1 className="page__title">{t.editedTitle}</h1>
      <p className="page__lead">{t.editedText}</p>
      {orderId && (
        <p>
          {t.editedAdNumber} <bdi>{orderId}</bdi>
        </p>
      )}
      <LinkList
        links={[
          orderId ? { to: `/edit/${orderId}`, text: t.editAgain } : null,
          { to: '/my-ads', text: t.toMyAds, primary: true },
        ]}
      />
    </section>
  );
}
