import { usePageTitle } from '../../shared/hooks/index.ts';
import { he } from '../../shared/i18n/index.ts';
import { continuePath, useNavigate, useSearchParams } from '../../shared/routing/index.ts';
import { useCustomer } from '../../shared/session/index.ts';
import { LoginForm } from './LoginForm.tsx';
import { isSuccessCode } from './loginPopupMachine.ts';
import { PersonalNavbar } from './PersonalNavbar.tsx';
import '../../shared/ui/pages.css';

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
