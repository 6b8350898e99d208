import type { ContactUsFetchResponse, ContactUsSaveRequest, ContactUsSaveResponse } from '@app/contract/contactUs';
import { getJson, postJson } from './http.ts';

/** GET /api/contact-us/fetch[?submailto=] — the form as the server defines it; null when it could not be loaded. */
export async function fetchContactUsForm(submailto: string | null): Promise<ContactUsFetchResponse | null> {
  const query = submailto ? `?submailto=${encodeURIComponent(submailto)}` : '';
  const result = await getJson<ContactUsFetchResponse>(`/api/contact-us/fetch${query}`);
  return result.ok && Array.isArray(result.data?.form?.fields) ? result.data : null;
}

export type ContactUsSendResult =
  | { kind: 'sent' }
  | { kind: 'fieldErrors'; errors: NonNullable<ContactUsSaveResponse['errors']> }
  | { kind: 'failed' };

/** POST /api/contact-us/save — sent, the server's field errors, or failed (network, limit, server error). */
export async function sendContactUs(body: ContactUsSaveRequest): Promise<ContactUsSendResult> {
  const result = await postJson<ContactUsSaveResponse>('/api/contact-us/save', body);
  if (result.ok && result.data?.success === true) return { kind: 'sent' };
  if (result.status === 400 && result.data?.errors && Object.keys(result.data.errors).length > 0)
    return { kind: 'fieldErrors', errors: result.data.errors };
  return { kind: 'failed' };
}
