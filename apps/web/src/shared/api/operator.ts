/**
 * The operator console's calls (/api/operator/*): staff login, enrolment, the staff member, staff, the audit log,
 * support, moderation, finance and analytics. The answers' shapes are the contract's (@app/contract/operator, one
 * definition with the server's routes), all of them exported again here for the console's screens.
 */
import type { FunnelResponse, LiveAdsResponse, PhoneSpendResponse } from '@app/contract/analytics';
import type { FieldError } from '@app/contract/auth';
import type { LeadFilter, LeadItem, LeadsPage } from '@app/contract/leads';
import type {
  AuditEntry,
  BulkDecisionAnswer,
  BulkDecisionRequest,
  CustomerActivity,
  CustomerSummary,
  DayTotals,
  DecisionAnswer,
  InboxMessage,
  InboxPage,
  LimitCounter,
  ModerationRules,
  PaymentDetail,
  PaymentFilter,
  PaymentsPage,
  QueuePage,
  RefundAnswer,
  ReviewDetail,
  RulesAnswer,
  StaffListItem,
  StaffMember,
  StaffRole,
  StaffSessionAnswer,
  StaffStepAnswer,
} from '@app/contract/operator';
import type { WebhookCreated, WebhookItem, WebhookList, WebhookNew } from '@app/contract/webhooks';
import { type ApiResult, getJson, postJson } from './http.ts';

export type { FieldError } from '@app/contract/auth';
export type { LeadFilter, LeadItem, LeadsPage } from '@app/contract/leads';
export type * from '@app/contract/operator';
export type { AdEventTypeName, WebhookItem } from '@app/contract/webhooks';

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

export const searchCustomers = (q: string) =>
  getJson<{ status: number; customers?: CustomerSummary[]; message?: string }>(
    `/api/operator/customers?q=${encodeURIComponent(q)}`,
  );
export const fetchStaffCustomer = (id: number) =>
  getJson<{ status: number; customer?: CustomerSummary; message?: string }>(`/api/operator/customers/${id}`);
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

export const fetchStaff = () => getJson<{ status: number; staff?: StaffListItem[] }>('/api/operator/staff');
export const inviteStaff = (body: { email: string; name: string; role: StaffRole }) =>
  postJson<{ status: number; staff?: StaffMember; setupLink?: string; errors?: FieldError[]; message?: string }>(
    '/api/operator/staff',
    body,
  );

const MOD = '/api/operator/moderation';
export const fetchQueue = (after?: string) =>
  getJson<QueuePage>(`${MOD}/queue${after ? `?after=${encodeURIComponent(after)}` : ''}`);
export const fetchReview = (id: number) => getJson<ReviewDetail>(`${MOD}/reviews/${id}`);
export const approveReview = (id: number) => postJson<DecisionAnswer>(`${MOD}/reviews/${id}/approve`, {});
export const rejectReview = (id: number, reason: { template: string; text: string }) =>
  postJson<DecisionAnswer>(`${MOD}/reviews/${id}/reject`, reason);
/** Closes a case whose ad is no longer on the site (ended or deleted before anyone decided). */
export const closeReviewCase = (id: number) => postJson<DecisionAnswer>(`${MOD}/reviews/${id}/close`, {});
export const decideMany = (body: BulkDecisionRequest) => postJson<BulkDecisionAnswer>(`${MOD}/bulk`, body);
export const fetchModerationRules = () => getJson<RulesAnswer>(`${MOD}/rules`);
export const saveModerationRules = (body: { rules: ModerationRules; words: string[] }) =>
  postJson<RulesAnswer>(`${MOD}/rules`, body);

export const fetchPayments = (filter: PaymentFilter) => {
  const query = new URLSearchParams(Object.entries(filter).filter(([, v]) => v) as [string, string][]);
  return getJson<PaymentsPage>(`/api/operator/payments${query.size ? `?${query}` : ''}`);
};
export const fetchPayment = (publicId: string) =>
  getJson<PaymentDetail>(`/api/operator/payments/${encodeURIComponent(publicId)}`);
export const refundPayment = (
  publicId: string,
  body: { amountAgorot: number; reason: string; idempotencyKey: string },
) => postJson<RefundAnswer>(`/api/operator/payments/${encodeURIComponent(publicId)}/refund`, body);
export const fetchDayTotals = (day: string) =>
  getJson<DayTotals>(`/api/operator/payments/totals?day=${encodeURIComponent(day)}`);

const leadsQuery = (filter: LeadFilter) =>
  new URLSearchParams(Object.entries(filter).filter(([, v]) => v) as [string, string][]);
export const fetchLeads = (filter: LeadFilter) => {
  const query = leadsQuery(filter);
  return getJson<LeadsPage & { message?: string }>(`/api/operator/leads${query.size ? `?${query}` : ''}`);
};
/** The CSV export of the filtered leads: a link the browser downloads (the staff cookie goes with it). */
export const leadsCsvHref = (filter: Omit<LeadFilter, 'after'>) => {
  const query = leadsQuery(filter);
  return `/api/operator/leads.csv${query.size ? `?${query}` : ''}`;
};
export const markLeadHandled = (id: number) =>
  postJson<{ status: number; lead?: LeadItem; message?: string }>(`/api/operator/leads/${id}/handled`, {});

/** The ad events' webhook subscribers (admin): the list, a new one (its secret in that answer only), pause, resume, delete. */
export const fetchWebhooks = () => getJson<WebhookList & { message?: string }>('/api/operator/webhooks');
export const addWebhook = (body: WebhookNew) =>
  postJson<Partial<WebhookCreated> & { status: number; message?: string }>('/api/operator/webhooks', body);
export const changeWebhook = (id: number, action: 'pause' | 'resume' | 'delete') =>
  postJson<{ status: number; subscriber?: WebhookItem; message?: string }>(
    `/api/operator/webhooks/${id}/${action}`,
    {},
  );

export const fetchCustomerActivity = (id: number) =>
  getJson<CustomerActivity>(`/api/operator/customers/${id}/activity`);
export const resetCustomerLimits = (id: number, kind: 'login' | 'phone') =>
  postJson<{ status: number; cleared?: number; limits?: Record<'login' | 'phone', LimitCounter[]>; message?: string }>(
    `/api/operator/customers/${id}/reset-limits`,
    { kind },
  );

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
