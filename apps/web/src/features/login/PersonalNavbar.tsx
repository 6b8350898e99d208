import type { NavLink, PersonalNavbarResponse } from '@app/contract/auth';
import { useEffect, useState } from 'react';
import { fetchPersonalNavbar } from '../../shared/api/index.ts';
import { he } from '../../shared/i18n/index.ts';
import { HomeLogo } from '../../shared/ui/index.ts';
import { type IconId, TileIcon } from '../chooser/index.ts';
import './personalNavbar.css';

const t = he.loginPage;

/** Only http(s) and same-site links from the server become hrefs. */
function safeHref(url: string): string | undefined {
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

/** Icon names the server uses, drawn with the app's own line icons. */
const ICONS: Readonly<Record<string, IconId>> = {
  realestate: 'realEstate',
  vehicles: 'vehicles',
  products: 'secondHand',
  business: 'businessForSale',
  pets: 'pets',
  jobs: 'jobs',
  publish: 'publish',
  'my-ads': 'myAds',
  packages: 'packages',
};

/** A known icon name, or an image URL; anything else shows no icon. Decorative: the title names the link. */
function NavIcon({ icon }: { icon: string | undefined }) {
  if (!icon) return null;
  const known = ICONS[icon];
  if (known) return <TileIcon id={known} size={20} className="pnav__icon" />;
  const src = /\.(svg|png|jpe?g|webp|gif)(\?|$)/i.test(icon) ? safeHref(icon) : undefined;
  return src ? <img src={src} alt="" width={20} height={20} className="pnav__icon" /> : null;
}

function NavItem({ link, withIcon }: { link: NavLink; withIcon?: boolean }) {
  const href = safeHref(link.url);
  if (!href) return null;
  return (
    <li>
      <a href={href} className="pnav__link">
        {withIcon && <NavIcon icon={link.icon} />}
        <span>{link.title}</span>
      </a>
    </li>
  );
}

/** The personal navigation bar above /login (GET /api/personal-navbar); the logo alone when it cannot load. */
export function PersonalNavbar() {
  const [bar, setBar] = useState<PersonalNavbarResponse | null>(null);
  useEffect(() => {
    let alive = true;
    void fetchPersonalNavbar().then((b) => {
      if (alive) setBar(b);
    });
    return () => {
      alive = false;
    };
  }, []);
  const backHref = bar ? safeHref(bar.personalBar.backToSite.url) : undefined;

  return (
    <header className="pnav">
      <div className="pnav__top">
        <HomeLogo />
        {bar && (
          <nav aria-label={t.actions} className="pnav__actions">
            <ul>
              {bar.personalBar.actionsList.map((link) => (
                <NavItem key={`${link.title}-${link.url}`} link={link} withIcon />
              ))}
            </ul>
          </nav>
        )}
        {bar && backHref && (
          <a href={backHref} className="btn btn--secondary pnav__back">
            {bar.personalBar.backToSite.title || t.backToSite}
          </a>
        )}
      </div>
      {bar && bar.navBar.categoryList.length > 0 && (
        <nav aria-label={t.categories} className="pnav__categories">
          <ul>
            {bar.navBar.categoryList.map((link) => (
              <NavItem key={`${link.title}-${link.url}`} link={link} withIcon />
            ))}
          </ul>
        </nav>
      )}
    </header>
  );
}
