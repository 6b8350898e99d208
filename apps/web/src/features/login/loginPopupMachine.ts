/**
 * The login popup's view, driven by the codes of publish-wizard.md §4 "Login popup and form":
 * 005 login, 006 register, 001 forgot-password move between views; 002 (login), 004 (register) and
 * 003 (forgot-password) are successes: the customer is refetched and the popup closes. Other codes are ignored.
 */
export type LoginView = 'login' | 'register' | 'forgotPassword';

export const LOGIN_CODES = {
  forgotPassword: '001',
  loginSuccess: '002',
  forgotPasswordSuccess: '003',
  registerSuccess: '004',
  login: '005',
  register: '006',
} as const;

export type LoginCode = (typeof LOGIN_CODES)[keyof typeof LOGIN_CODES];

export interface LoginPopupState {
  view: LoginView;
  /** 'succeeded' once a success code arrived: refetch the customer, then close. */
  status: 'open' | 'succeeded';
  /** The success code that ended the popup, if any. */
  successCode: LoginCode | null;
}

export const initialLoginPopupState = (view: LoginView = 'login'): LoginPopupState => ({
  view,
  status: 'open',
  successCode: null,
});

const VIEW_BY_CODE: Readonly<Record<string, LoginView>> = {
  [LOGIN_CODES.login]: 'login',
  [LOGIN_CODES.register]: 'register',
  [LOGIN_CODES.forgotPassword]: 'forgotPassword',
};

const SUCCESS_CODES: ReadonlySet<string> = new Set([
  LOGIN_CODES.loginSuccess,
  LOGIN_CODES.registerSuccess,
  LOGIN_CODES.forgotPasswordSuccess,
]);

export function isSuccessCode(code: string): code is LoginCode {
  return SUCCESS_CODES.has(code);
}

/** Pure reducer: the state after a code. Unknown codes, and any code after success, leave it unchanged. */
export function loginPopupReducer(state: LoginPopupState, code: string): LoginPopupState {
  if (state.status === 'succeeded') return state;
  const view = VIEW_BY_CODE[code];
  if (view) return view === state.view ? state : { ...state, view };
  if (isSuccessCode(code)) return { ...state, status: 'succeeded', successCode: code };
  return state;
}
