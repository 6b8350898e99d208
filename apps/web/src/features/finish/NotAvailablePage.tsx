import { usePageTitle } from '../../shared/hooks/index.ts';
import { he } from '../../shared/i18n/index.ts';
import { LinkList } from '../../shared/ui/index.ts';
import '../../shared/ui/pages.css';

/** Honest placeholder for routes that are linked but not built yet (/packages, /contactus, other finish pages). */
export default function NotAvailablePage({ text = he.notAvailable.text }: { text?: string }) {
  usePageTitle(he.meta.notAvailable);
  return (
    <section className="message-page">
      <h1 className="page__title">{he.notAvailable.title}</h1>
      <p className="page__lead">{text}</p>
      <LinkList
        links={[
          { to: '/publish', text: he.notAvailable.toPublish, primary: true },
          { to: '/', text: he.notAvailable.toHome },
        ]}
      />
    </section>
  );
}
