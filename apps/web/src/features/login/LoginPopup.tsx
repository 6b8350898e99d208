import { CAT } from '@app/catalog/categories/ids';
import { useEffect, useReducer } from 'react';
import { he } from '../../shared/i18n/index.ts';
import { Popup } from '../../shared/popups/index.ts';
import { useNavigate, useSearchParams } from '../../shared/routing/index.ts';
import { isLoggedIn, useCustomer } from '../../shared/session/index.ts';
import { LoginForm } from './LoginForm.tsx';
import type { FormStep } from './loginFormMachine.ts';
import { initialLoginPopupState, type LoginView, loginPopupReducer } from './loginPopupMachine.ts';

const FIRST_STEP: Readonly<Record<LoginView, FormStep>> = {
  login: 'signIn',
  register: 'signUp',
  forgotPassword: 'forgetPass',
};

export interface LoginPopupProps {
  initialView: LoginView;
  onClose: () => void;
}

/** Login / register / forgot-password popup, 700 px wide (100% on mobile). */
export default function LoginPopup({ initialView, onClose }: LoginPopupProps) {
  const [state, onCode] = useReducer(loginPopupReducer, initialView, initialLoginPopupState);
  const { customer, refetch } = useCustomer();
  const navigate = useNavigate();
  const [params] = useSearchParams();

  // On a success code the customer info is refetched and the popup closes.
  useEffect(() => {
    if (state.status !== 'succeeded') return;
    let alive = true;
    void refetch().then(() => {
      if (alive) onClose();
    });
    return () => {
      alive = false;
    };
  }, [state.status, refetch, onClose]);

  // Cancel: a guest with a chosen category goes to the publish page, keeping the category unless it is 3.
  const cancel = () => {
    const cat = params.get('cat');
    if (cat && !isLoggedIn(customer)) {
      navigate(cat === String(CAT.secondHand) ? '/publish' : `/publish?cat=${encodeURIComponent(cat)}`, {
        replace: true,
      });
    }
    onClose();
  };

  return (
    <Popup
      kind="login"
      size={{ width: 700 }}
      position="top"
      header={he.login.headers[state.view]}
      subheader={he.login.subheaders[state.view]}
      onClose={cancel}
      className="login-popup"
    >
      <LoginForm initialStep={FIRST_STEP[initialView]} onCode={onCode} />
    </Popup>
  );
}
