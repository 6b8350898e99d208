import { LoginPopupProvider } from '../../features/login/index.ts';
import { he } from '../../shared/i18n/index.ts';
import { Outlet } from '../../shared/routing/index.ts';
import { CustomerProvider } from '../../shared/session/index.ts';

/** Providers shared by every route (inside the router: the login popup navigates). */
export function RootLayout() {
  return (
    <CustomerProvider>
      <LoginPopupProvider>
        <a href="#main" className="skip-link">
          {he.common.skipToContent}
        </a>
        <Outlet />
      </LoginPopupProvider>
    </CustomerProvider>
  );
}
