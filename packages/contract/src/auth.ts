/**
 * Wire shapes of the account calls (publish-wizard.md §3 "Login payloads", §7 auth calls).
 * Field names are the spec's; inside the apps use clear names and map at the edge.
 */

/** Trade map: cat -> subcat -> 1 when the customer is a trader there. */
export type TradeMap = Record<string, Record<string, 1>>;

export interface FieldError {
  msg: string;
  /** Name of the form field the message belongs to (username, password, captcha, …). */
  fieldName: string;
}

/** Captcha challenge the server asks for after too many attempts. */
export interface CaptchaChallenge {
  captcha: 1;
  captchaId: string;
  captchaUrl: string;
}

export interface LoginRequest {
  username: string;
  password: string;
  captchaId?: string;
  captchaAnswer?: string;
}

export interface RegisterRequest {
  username: string;
  password: string;
  passwordAgain: string;
  firstname?: string;
  lastname?: string;
}

/** Answer of login and register. A non-200 HTTP status is an error carrying `errors`. */
export interface LoginResponse {
  status: number;
  message: 'login success' | 'login fail';
  CustID: number;
  CustFirstName: string;
  CustLastName: string;
  debugMode: boolean;
  trade: TradeMap;
  errors?: FieldError[];
  captcha?: 0 | 1;
  captchaId?: string;
  captchaUrl?: string;
  redirectForce?: string;
}

export interface CustomerResponse {
  status: 200;
  CustID: number;
  CustFirstName: string;
  CustLastName: string;
  debugMode: boolean;
  trade: TradeMap;
}

export interface ForgetPassRequest {
  EmailForgetPass: string;
  securemail?: string;
  captchaId?: string;
  captchaAnswer?: string;
}

export interface ForgetPassResponse {
  error: 0 | 1;
  message: string;
  captcha: 0 | 1;
  captchaId?: string;
  captchaUrl?: string;
  custID?: number;
}

export interface ConfirmCodeRequest {
  EmailForgetPass: string;
  confirmCodePass: string;
}

export interface ConfirmCodeResponse {
  error: 0 | 1;
  message: string;
  /** Failed attempts so far on this code; at CODE_ATTEMPT_LIMIT the code is void. */
  attempts: number;
  custID?: number;
  /** One-time token that authorises createNewPass for this code (not in the spec: binds the steps). */
  resetToken?: string;
}

export interface CreateNewPassRequest {
  userName: string;
  newPass: string;
  renewPass: string;
  custID: number;
  resetToken: string;
}

export interface CreateNewPassResponse {
  error: 0 | 1;
  message: string;
}

export interface NavLink {
  title: string;
  url: string;
  icon?: string;
}

export interface PersonalNavbarResponse {
  navBar: { categoryList: NavLink[] };
  personalBar: { actionsList: NavLink[]; backToSite: NavLink };
}

/** Spec §9: code-attempt limit. */
export const CODE_ATTEMPT_LIMIT = 5;
/** Length of the e-mailed recovery code. */
export const RESET_CODE_LENGTH = 5;

/** Header and cookie of the double-submit CSRF protection. */
export const CSRF_COOKIE = 'csrf';
export const CSRF_HEADER = 'x-csrf-token';
export const SESSION_COOKIE = 'sid';

/** Sandbox e-mail as the outbox API returns it. */
export interface OutboxEmail {
  id: number;
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}
