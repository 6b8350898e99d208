/** The contact step's phone calls (after-save-area.md §7): send, confirm, voice call, poll, list, activation. */
import type { PhoneErrorType, PhoneFailure, PhoneListResponse, PhoneOption, PhoneSuccess } from '@app/contract/phones';
import { getJson, postJson } from './http.ts';

/** What a phone call came to: confirmed now, a code on its way, or the texts to show (and the error type). */
export type PhoneCallOutcome =
  | { kind: 'ok'; confirmed: boolean; result: boolean; phone: string; virtualPhone: string | null }
  | { kind: 'error'; message: string; errorType?: PhoneErrorType }
  | { kind: 'login' };

/** The spec's fallback text when the server named none (§8 'Error'), in Hebrew. */
export const PHONE_FALLBACK = 'משהו השתבש. נסו שוב בעוד רגע';

async function call(path: string, body: Record<string, unknown>): Promise<PhoneCallOutcome> {
  const res = await postJson<PhoneSuccess | PhoneFailure>(path, body);
  if (res.status === 422) return { kind: 'login' };
  const data = res.data;
  if (res.ok && data && data.status === 200) {
    return {
      kind: 'ok',
      confirmed: data.confirmed === 1,
      result: data.result === 1,
      phone: data.phone,
      virtualPhone: data.virtualPhone ?? null,
    };
  }
  const failure = data && data.status === 500 ? data : undefined;
  const message = failure?.error ?? failure?.errors?.join(' ') ?? PHONE_FALLBACK;
  return { kind: 'error', message, ...(failure?.errorType ? { errorType: failure.errorType } : {}) };
}

export const sendPhoneSms = (phone: string, options: { resend?: boolean; main: boolean }) =>
  call('/api/publish/valid-phone', {
    Phone1: phone,
    forceSend: options.resend ? 1 : 0,
    mainPhone: options.main ? 1 : 0,
  });

export const confirmPhoneCode = (phone: string, code: string, main: boolean) =>
  call('/api/publish/valid-phone-code', { Phone1: phone, Code: code, mainPhone: main ? 1 : 0 });

export const sendPhoneCall = (phone: string, main: boolean) =>
  call('/api/publish/send_IVR_confirmation', { Phone1: phone, mainPhone: main ? 1 : 0 });

export const checkPhoneCall = (phone: string) => call('/api/publish/valid-phone-check', { Phone1: phone });

/** GET phones: the customer's confirmed numbers (null when the call failed or nobody is logged in). */
export async function fetchPhones(): Promise<PhoneOption[] | null> {
  const res = await getJson<PhoneListResponse>('/api/publish/phones');
  return res.ok && res.data ? res.data.phones : null;
}

/** POST update-phone-activation (1 deactivate, 0 activate); false when it failed (the spec only logs it). */
export async function setPhoneActivation(phone: string, deactivate: boolean): Promise<boolean> {
  const res = await postJson('/api/publish/update-phone-activation', { phone, newState: deactivate ? 1 : 0 });
  return res.ok;
}
