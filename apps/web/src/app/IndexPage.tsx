import { externalUrl, useExternalLinks, usePageTitle } from '../shared/hooks/index.ts';
import { he, hePackages } from '../shared/i18n/index.ts';
import { appTakesPersonalArea } from '../shared/native-app/index.ts';
import { Link } from '../shared/routing/index.ts';
import { fullName, isLoggedIn, useCustomer } from '../shared/session/index.ts';
import '../shared/ui/pages.css';

const t = he.index;

/** Personal-area landing (/): links to publish, login, finish area, my ads, packages and back to the personal area. */
export default function IndexPage() {
  usePageTitle(he.meta.index);
  const { customer } = useCustomer();
  const links = useExternalLinks();

  // "Back to my area" resets the environment cookie on the way to the personal-area main page.
  const resetEnvironment = (event: React.MouseEvent) => {
    // Inside the native app its own personal area opens (onPersonalArea); the cookie is the web's.
    if (appTakesPersonalArea()) {
      event.preventDefault();
      return;
    }
    // biome-ignore lint/suspicious/noDocumentCookie: deleting one cookie; the Cookie Store API is not everywhere
    document.cookie = 'env=; Max-Age=0; path=/';
  };

  return (
    <section className="index-page">
      <h1 className="page__title">{isLoggedIn(customer) ? t.greeting(fullName(customer)) : t.title}</h1>
      <p className="page__lead">{t.intro}</p>
      <ul className="index-page__links">
        {[
          { to: '/publish', text: t.publish },
          { to: '/login', text: t.login },
          { to: '/finishArea', text: t.finishArea },
          { to: '/my-ads', text: hePackages.myAds.title },
          { to: '/packages', text: t.packages },
        ].map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={link.to === '/publish' ? 'index-link index-link--primary' : 'index-link'}>
              {link.text}
            </Link>
          </li>
        ))}
        <li>
          <a href={externalUrl(links, 'personalArea') ?? '/'} className="index-link" onClick={resetEnvironment}>
            {t.backToMyArea}
          </a>
        </li>
      </ul>
    </section>
  );
}
