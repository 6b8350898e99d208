import type {
  ConfirmCodeRequest,
  ConfirmCodeResponse,
  CreateNewPassRequest,
  CreateNewPassResponse,
  CustomerResponse,
  FieldError,
  ForgetPassRequest,
  ForgetPassResponse,
  LoginRequest,
  LoginResponse,
  RegisterRequest,
  TradeMap,
} from '@app/contract/auth';
import { type ApiResult, getPreloaded, postJson } from './http.ts';

/** The signed-in customer as the app uses it (id 0 = guest). */
export interface Customer {
  id: number;
  firstName: string;
  lastName: string;
  trade: TradeMap;
  debugMode: boolean;
}

export const GUEST: Customer = { id: 0, firstName: '', lastName: '', trade: {}, debugMode: false };

function toCustomer(data: CustomerResponse | LoginResponse): Customer {
  return {
    id: Number(data.CustID) || 0,
    firstName: data.CustFirstName ?? '',
    lastName: data.CustLastName ?? '',
    trade: data.trade ?? {},
    debugMode: Boolean(data.debugMode),
  };
}

/** GET /api/auth/customer; any failure counts as a guest. */
export async function fetchCustomer(): Promise<Customer> {
  const result = await getPreloaded<CustomerResponse>('/api/auth/customer');
  return result.ok && result.data ? toCustomer(result.data) : GUEST;
}

/** Outcome of login/register: the customer, or the server's field errors and captcha challenge. */
export type SignInOutcome =
  | { ok: true; customer: Customer; redirectForce?: string }
  | { ok: false; errors: FieldError[]; captcha?: { id: string; url: string }; network: boolean };

function toSignInOutcome(result: ApiResult<LoginResponse>): SignInOutcome {
  const data = result.data;
  if (result.status === 200 && data && data.message !== 'login fail') {
    return data.redirectForce
      ? { ok: true, customer: toCustomer(data), redirectForce: data.redirectForce }
      : { ok: true, customer: toCustomer(data) };
  }
  const captcha =
    data?.captcha === 1 && data.captchaId && data.captchaUrl ? { id: data.captchaId, url: data.captchaUrl } : undefined;
  return { ok: false, errors: data?.errors ?? [], captcha, network: result.status === 0 };
}

export async function login(request: LoginRequest): Promise<SignInOutcome> {
  return toSignInOutcome(await postJson<LoginResponse>('/api/auth/login', request));
}

export async function register(request: RegisterRequest): Promise<SignInOutcome> {
  return toSignInOutcome(await postJson<LoginResponse>('/api/auth/register', request));
}

export async function logout(): Promise<boolean> {
  const result = await postJson<{ status: number; CustID: number }>('/api/auth/logout', {});
  return result.ok;
}

/** The recovery calls answer { error: 0 | 1, message }; a transport failure becomes error 1 with no message. */
function recoveryAnswer<T extends { error: 0 | 1; message: string }>(
  result: ApiResult<T>,
): T | (Partial<T> & { error: 1; message: string }) {
  if (result.data && (result.data.error === 0 || result.data.error === 1)) return result.data;
  return { error: 1, message: '' } as Partial<T> & { error: 1; message: string };
}

export async function forgetPass(request: ForgetPassRequest) {
  return recoveryAnswer(await postJson<ForgetPassResponse>('/api/auth/forgetPass', request));
}

export async function confirmCode(request: ConfirmCodeRequest) {
  return recoveryAnswer(await postJson<ConfirmCodeResponse>('/api/auth/confirmCode', request));
}

export async function createNewPass(request: CreateNewPassRequest) {
  return recoveryAnswer(await postJson<CreateNewPassResponse>('/api/auth/createNewPass', request));
}
