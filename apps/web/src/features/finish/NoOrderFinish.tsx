import { usePageTitle } from '../../shared/hooks/index.ts';
import { he } from '../../shared/i18n/index.ts';
import { LinkList } from '../../shared/ui/index.ts';
import './finishArea.css';

const t = he.finishArea;

/**
 * /finishArea without an ad (the personal area links to it): the page sums up an ad as its publishing ends, so
 * here it says so and leads on to the user's ads, a new ad and the personal area.
 */
export function NoOrderFinish() {
  usePageTitle(t.noOrderTitle);
  return (
    <section className="finish card" data-testid="finish-no-order">
      <h1 className="page__title">{t.noOrderTitle}</h1>
      <p className="page__lead">{t.noOrderText}</p>
      <LinkList
        links={[
          { to: '/my-ads', text: t.toMyAds, primary: true },
          { to: '/publish', text: t.toPublish },
          { to: '/', text: t.toHome },
        ]}
      />
    </section>
  );
}
