import { usePageTitle } from '../hooks/index.ts';
import { he } from '../i18n/index.ts';
import { LinkList } from './LinkList.tsx';
import './pages.css';

export default function NotFoundPage() {
  usePageTitle(he.meta.notFound);
  return (
    <section className="message-page">
      <p className="message-page__code" aria-hidden="true">
        404
      </p>
      <h1 className="page__title">{he.notFound.title}</h1>
      <p className="page__lead">{he.notFound.text}</p>
      <LinkList
        links={[
          { to: '/publish', text: he.notFound.toPublish, primary: true },
          { to: '/my-ads', text: he.notFound.toMyAds },
          { to: '/', text: he.notFound.toHome },
        ]}
      />
    </section>
  );
}
