/** The operator console's calls (/api/operator/*): staff login, enrolment, the staff member, staff, the audit log. */
import { type ApiResult, getJson, postJson } from './http.ts';

export type StaffRole = 'admin' | 'moderator' | 'support' | 'finance' | 'analyst';
export interface StaffMember {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
}
export interface FieldError {
  fieldName: string;
  msg: string;
}
export interface StaffStepAnswer {
  status: number;
  next?: 'code' | 'enrol';
  errors?: FieldError[];
  captcha?: { captchaId: string; captchaUrl: string };
  message?: string;
}
export interface StaffSessionAnswer {
  status: number;
  /** The step between the password and the code is over: sign in again. */
  ended?: boolean;
  staff?: StaffMember;
  recoveryCodes?: string[];
  message?: string;
}
export interface AuditEntry {
  id: number;
  staffEmail: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  ip: string | null;
  at: string;
}

export const staffLogin = (body: { email: string; password: string; captchaId?: string; captchaAnswer?: string }) =>
  postJson<StaffStepAnswer>('/api/operator/login', body);
export const staffSetup = (token: string, password: string) =>
  postJson<StaffStepAnswer>('/api/operator/setup', { token, password });
export const staffCode = (body: { code: string } | { recoveryCode: string }) =>
  postJson<StaffSessionAnswer>('/api/operator/login/code', body);
export const startEnrolment = () =>
  postJson<{ status: number; otpauthUri?: string; secret?: string; message?: string }>(
    '/api/operator/enrolment/start',
    {},
  );
export const confirmEnrolment = (code: string) =>
  postJson<StaffSessionAnswer>('/api/operator/enrolment/confirm', { code });
export const staffLogout = () => postJson<{ status: number }>('/api/operator/logout', {});
export const fetchStaffMe = (): Promise<ApiResult<{ status: number; staff?: StaffMember }>> =>
  getJson('/api/operator/me');
export const fetchAudit = () => getJson<{ status: number; entries?: AuditEntry[] }>('/api/operator/audit');

export interface CustomerSummary {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  createdAt: string;
  blockedAt: string | null;
  blockedReason: string | null;
  ads: number;
  phones: string[];
}

export const searchCustomers = (q: string) =>
  getJson<{ status: number; customers?: CustomerSummary[]; message?: string }>(
    `/api/operator/customers?q=${encodeURIComponent(q)}`,
  );
export const blockCustomer = (id: number, reason: string) =>
  postJson<{ status: number; customer?: CustomerSummary; message?: string; errors?: FieldError[] }>(
    `/api/operator/customers/${id}/block`,
    { reason },
  );
export const unblockCustomer = (id: number) =>
  postJson<{ status: number; customer?: CustomerSummary; message?: string }>(
    `/api/operator/customers/${id}/unblock`,
    {},
  );

export interface StaffListItem extends StaffMember {
  enrolled: boolean;
  disabled: boolean;
}
export const fetchStaff = () => getJson<{ status: number; staff?: StaffListItem[] }>('/api/operator/staff');
export const inviteStaff = (body: { email: string; name: string; role: StaffRole }) =>
  postJson<{ status: number; staff?: StaffMember; setupLink?: string; errors?: FieldError[]; message?: string }>(
    '/api/operator/staff',
    body,
  );
