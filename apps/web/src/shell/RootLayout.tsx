import { CustomerProvider } from '../app/CustomerContext.tsx';
import { LoginPopupProvider } from '../app/LoginPopupContext.tsx';
import { Outlet } from '../app/routing.tsx';
import { he } from '../i18n/he.ts';

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
