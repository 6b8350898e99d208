/** The operator console's calls (/api/operator/*): staff login, enrolment, the staff member, staff, the audit log. */
import type { FunnelResponse, LiveAdsResponse, PhoneSpendResponse } from '@app/contract/analytics';
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
  detail?: Record<string, unknown>;
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
/** The audit log, newest first: optionally of one target (`ad` 123, `customer` 45, …); `before` pages back. */
export const fetchAudit = (filter: { targetType?: string; targetId?: string; before?: number } = {}) => {
  const query = new URLSearchParams();
  if (filter.targetType) query.set('targetType', filter.targetType);
  if (filter.targetId) query.set('targetId', filter.targetId);
  if (filter.before) query.set('before', String(filter.before));
  return getJson<{ status: number; entries?: AuditEntry[]; message?: string }>(`/api/operator/audit?${query}`);
};

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

/** Why an ad waits for a moderator (moderation/rules.ts on the server). */
export type HoldReason =
  | { kind: 'words'; words: string[] }
  | { kind: 'traderSecondHand' }
  | { kind: 'category'; cat: number; subcat: number | null }
  | { kind: 'newAccount'; days: number }
  | { kind: 'photoFromAnotherAccount'; photos: number }
  | { kind: 'resubmitted' };
export interface ReviewCase {
  id: number;
  adId: number;
  heldAs: 'blocked' | 'pending';
  stage: 'save' | 'plan' | 'edit';
  reasons: HoldReason[];
  queuedAt: string;
  decision: 'approved' | 'rejected' | null;
  rejectTemplate: string | null;
  rejectText: string | null;
  decidedAt: string | null;
}
export interface QueueItem {
  review: ReviewCase;
  title: string;
  cat: number;
  subcat: number | null;
  customerId: number;
  email: string;
  thumbnailUrl: string | null;
}
export interface RejectTemplateItem {
  id: string;
  text: string;
}
export interface QueuePage {
  status: number;
  total: number;
  templates: RejectTemplateItem[];
  items: QueueItem[];
  next: string | null;
}
export interface ReviewDetail {
  status: number;
  review: ReviewCase;
  ad: { orderId: number; status: string; cat: number; subcat: number | null; adType: string | null; createdAt: string };
  preview: {
    title: string;
    fields: { label: string; text: string; long: boolean }[];
    photos: { url: string; thumbnailUrl: string }[];
    hasVideo: boolean;
  };
  wordsNow: string[];
  history: {
    customer: { id: number; email: string; name: string; createdAt: string; blockedAt: string | null } | null;
    adsByStatus: Record<string, number>;
    approved: number;
    rejected: number;
    recentAds: { orderId: number; title: string; status: string }[];
  };
  reviews: ReviewCase[];
  audit: { action: string; staffEmail: string | null; at: string }[];
}
export interface DecisionAnswer {
  status: number;
  orderId?: number;
  adStatus?: string;
  message?: string;
  errors?: FieldError[];
}
export interface ModerationRules {
  traderSecondHand: boolean;
  categories: { cat: number; subcat: number | null }[];
  newAccountDays: number;
  photoFromAnotherAccount: boolean;
}
export interface RulesAnswer {
  status: number;
  rules?: ModerationRules;
  words?: string[];
  updatedAt?: string;
  message?: string;
}

const MOD = '/api/operator/moderation';
export const fetchQueue = (after?: string) =>
  getJson<QueuePage>(`${MOD}/queue${after ? `?after=${encodeURIComponent(after)}` : ''}`);
export const fetchReview = (id: number) => getJson<ReviewDetail>(`${MOD}/reviews/${id}`);
export const approveReview = (id: number) => postJson<DecisionAnswer>(`${MOD}/reviews/${id}/approve`, {});
export const rejectReview = (id: number, reason: { template: string; text: string }) =>
  postJson<DecisionAnswer>(`${MOD}/reviews/${id}/reject`, reason);
export const decideMany = (
  body:
    | { action: 'approve'; reviewIds: number[] }
    | { action: 'reject'; reviewIds: number[]; template: string; text: string },
) =>
  postJson<{
    status: number;
    results?: { reviewId: number; ok: boolean; message?: string }[];
    message?: string;
    errors?: FieldError[];
  }>(`${MOD}/bulk`, body);
export const fetchModerationRules = () => getJson<RulesAnswer>(`${MOD}/rules`);
export const saveModerationRules = (body: { rules: ModerationRules; words: string[] }) =>
  postJson<RulesAnswer>(`${MOD}/rules`, body);

export interface PaymentItem {
  publicId: string;
  customerId: number;
  email: string;
  adId: number | null;
  purpose: string;
  adType: string;
  /** What it bought, in Hebrew; null when not known. */
  title: string | null;
  amountAgorot: number;
  refundedAgorot: number;
  channel: string;
  provider: string;
  status: 'created' | 'paid' | 'failed' | 'cancelled';
  refundStatus: 'pending' | 'refunded' | null;
  adStatus: string | null;
  cat: number | null;
  subcat: number | null;
  createdAt: string;
  paidAt: string | null;
}
export interface PaymentsPage {
  status: number;
  items?: PaymentItem[];
  next?: string | null;
  attention?: PaymentItem[];
  message?: string;
}
export interface PaymentFilter {
  status?: string;
  provider?: string;
  customer?: string;
  ad?: string;
  from?: string;
  to?: string;
  after?: string;
}
export interface RefundAnswer {
  status: number;
  refund?: { id: number; amountAgorot: number; status: 'pending' | 'refunded' };
  errors?: FieldError[];
  message?: string;
}
export interface TotalsLine {
  payments: number;
  paidAgorot: number;
  refundedAgorot: number;
}
export interface DayTotals {
  status: number;
  day?: string;
  byProvider?: (TotalsLine & { provider: string })[];
  byTrack?: (TotalsLine & { adType: string; title: string })[];
  message?: string;
}

export const fetchPayments = (filter: PaymentFilter) => {
  const query = new URLSearchParams(Object.entries(filter).filter(([, v]) => v) as [string, string][]);
  return getJson<PaymentsPage>(`/api/operator/payments${query.size ? `?${query}` : ''}`);
};
export const refundPayment = (
  publicId: string,
  body: { amountAgorot: number; reason: string; idempotencyKey: string },
) => postJson<RefundAnswer>(`/api/operator/payments/${encodeURIComponent(publicId)}/refund`, body);
export const fetchDayTotals = (day: string) =>
  getJson<DayTotals>(`/api/operator/payments/totals?day=${encodeURIComponent(day)}`);

export interface LimitCounter {
  key: string;
  count: number;
  windowStart: string;
}
export interface CustomerActivity {
  status: number;
  ads?: { orderId: number; cat: number; subcat: number | null; status: string; createdAt: string }[];
  payments?: { publicId: string; adType: string; amountAgorot: number; status: string; createdAt: string }[];
  phones?: { phone: string; verifiedAt: string; main: boolean; deactivated: boolean }[];
  codes?: { phone: string; channel: string; attempts: number; createdAt: string; confirmedAt: string | null }[];
  sessions?: { createdAt: string; expiresAt: string }[];
  limits?: Record<'login' | 'phone', LimitCounter[]>;
  audit?: AuditEntry[];
  message?: string;
}
export const fetchCustomerActivity = (id: number) =>
  getJson<CustomerActivity>(`/api/operator/customers/${id}/activity`);
export const resetCustomerLimits = (id: number, kind: 'login' | 'phone') =>
  postJson<{ status: number; cleared?: number; limits?: Record<'login' | 'phone', LimitCounter[]>; message?: string }>(
    `/api/operator/customers/${id}/reset-limits`,
    { kind },
  );

export interface InboxMessage {
  id: number;
  subject: string;
  description: string;
  email: string;
  phone: string;
  customerId: number | null;
  status: 'new' | 'replied' | 'closed';
  createdAt: string;
  replyText: string | null;
  repliedAt: string | null;
  repliedBy: string | null;
}
export interface InboxPage {
  status: number;
  messages?: InboxMessage[];
  counts?: Record<'new' | 'replied' | 'closed', number>;
  message?: string;
}
export const fetchInbox = (status: InboxMessage['status']) =>
  getJson<InboxPage>(`/api/operator/contact-us?status=${status}`);
export const answerInbox = (id: number, answer: { text: string } | { close: true }) =>
  postJson<{ status: number; message?: InboxMessage | string; errors?: FieldError[] }>(
    `/api/operator/contact-us/${id}/answer`,
    answer,
  );
export const resendCustomerCode = (id: number, phone: string) =>
  postJson<{ status: number; phone?: string; message?: string }>(`/api/operator/customers/${id}/resend-code`, {
    phone,
  });

const ANALYTICS = '/api/operator/analytics';
/** The funnel of a period (YYYY-MM-DD, `to` inclusive; the last 30 days when both are empty). */
export const fetchFunnel = (range: { from: string; to: string }) => {
  const query = new URLSearchParams();
  if (range.from) query.set('from', range.from);
  if (range.to) query.set('to', range.to);
  return getJson<FunnelResponse & { status: number; message?: string }>(`${ANALYTICS}/funnel?${query}`);
};
export const fetchPhoneSpend = (day: string) =>
  getJson<PhoneSpendResponse & { status: number; message?: string }>(
    `${ANALYTICS}/phone-spend${day ? `?day=${encodeURIComponent(day)}` : ''}`,
  );
export const fetchLiveAds = () => getJson<LiveAdsResponse & { status: number }>(`${ANALYTICS}/live-ads`);
