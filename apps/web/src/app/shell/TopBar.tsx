import { lazy, Suspense, useState } from 'react';
import { useOpenLogin } from '../../features/login/index.ts';
import { GUEST, logout } from '../../shared/api/index.ts';
import { he } from '../../shared/i18n/index.ts';
import { APP_EVENTS, postAppEvent } from '../../shared/native-app/index.ts';
import { Link, useLocation, useSearchParams } from '../../shared/routing/index.ts';
import { fullName, isLoggedIn, useCustomer } from '../../shared/session/index.ts';
import { HomeLogo } from '../../shared/ui/index.ts';
import { UserIcon, UserMenu } from './UserMenu.tsx';
import './topBar.css';

const QuitPublishPopup = lazy(() => import('./QuitPublishPopup.tsx'));
const LogoutPopup = lazy(() => import('./LogoutPopup.tsx'));

/** The publish top bar (spec §2): title, contact link, logo, user button, exit button while publishing. */
export function TopBar() {
  const { loaded, customer, setCustomer } = useCustomer();
  const openLogin = useOpenLogin();
  const location = useLocation();
  const [params] = useSearchParams();
  const [popup, setPopup] = useState<'quit' | 'logout' | null>(null);
  const publishing = location.pathname === '/publish' && Boolean(params.get('cat'));
  const loggedIn = isLoggedIn(customer);
  // The spec's bar is the publish bar ('publish a new ad'); on an ad's edit it names what the page does.
  const editing = location.pathname.startsWith('/edit/');

  const loginAsOther = async () => {
    if (await logout()) {
      setCustomer(GUEST);
      // The app's wrapper ends its session too (as after the logout popup).
      postAppEvent(APP_EVENTS.logout);
    }
    openLogin('login');
  };

  return (
    <header className="topbar">
      <div className="topbar__inner">
        <HomeLogo />
        <p className="topbar__title">{editing ? he.wizard.editTitle : he.topBar.title}</p>
        {/* The board is the server's own page (not one of the app's): a real page load. Hidden while publishing,
            whose way out is the exit button. On a phone it shares the title's row. */}
        {!publishing && (
          <a href="/board" className="topbar__link topbar__board">
            {he.topBar.board}
          </a>
        )}
        <div className="topbar__actions">
          <Link to="/contactus" className="topbar__link">
            {he.topBar.contact}
          </Link>
          {/* While publishing the menu only leads to the user's ads: logout and the account switch are hidden. */}
          {loaded && loggedIn && (
            <UserMenu
              name={fullName(customer)}
              onLogout={publishing ? undefined : () => setPopup('logout')}
              onLoginAsOther={publishing ? undefined : () => void loginAsOther()}
            />
          )}
          {loaded && !loggedIn && !publishing && (
            <button type="button" className="btn btn--secondary topbar__login" onClick={() => openLogin('login')}>
              <UserIcon />
              {he.topBar.login}
            </button>
          )}
          {publishing && (
            <button type="button" className="btn btn--secondary topbar__exit" onClick={() => setPopup('quit')}>
              {he.topBar.exit}
            </button>
          )}
        </div>
      </div>
      <Suspense fallback={null}>
        {popup === 'quit' && <QuitPublishPopup onClose={() => setPopup(null)} />}
        {popup === 'logout' && <LogoutPopup onClose={() => setPopup(null)} />}
      </Suspense>
    </header>
  );
}
