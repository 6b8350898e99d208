import { useCustomer } from '../app/CustomerContext.tsx';
import { useNavigate, useSearchParams } from '../app/routing.tsx';
import { continuePath } from '../app/safeUrl.ts';
import { usePageTitle } from '../app/usePageTitle.ts';
import { he } from '../i18n/he.ts';
import { LoginForm } from '../popups/login/LoginForm.tsx';
import { isSuccessCode } from '../popups/login/loginPopupMachine.ts';
import { PersonalNavbar } from './PersonalNavbar.tsx';
import './pages.css';

/** /login: the login form under the personal navbar; after success to `continue` (same origin) or /publish. */
export default function LoginPage() {
  usePageTitle(he.meta.login);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { refetch } = useCustomer();

  const onCode = (code: string) => {
    if (!isSuccessCode(code)) return;
    void refetch().then(() => navigate(continuePath(params.get('continue')), { replace: true }));
  };

  return (
    <>
      <PersonalNavbar />
      <main id="main" className="page login-page">
        <h1 className="page__title">{he.loginPage.title}</h1>
        <div className="card login-page__card">
          <LoginForm onCode={onCode} showTitle />
        </div>
      </main>
    </>
  );
}
