/**
 * The attack sweep's table: every route of the built app, by `METHOD url` as Fastify registers
 * it. A route that reads is listed as safe with the reason; a route that changes state says how to build a valid
 * request for it (from the sweep's fixtures), which resources it touches, and whether it takes another's id.
 * attack-sweep.test.ts fails on a route that is not here, and on an entry whose route no longer exists.
 */

import { upgradePackagesFor } from '@app/catalog/packages';
import { findTrack } from '@app/catalog/tracks';
import { CSRF_HEADER } from '@app/contract/auth';
import { AUTO_BUMP_HASH } from '@app/contract/orders';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { freeFinishBody } from './finish-body.ts';
import { multipart } from './media.ts';
import type { Agent } from './test-app.ts';
import { validCarAd } from './vehicle-ad.ts';

/** The ids the requests are built from: all the owner's (the intruder uses them to attack). */
export interface Fixture {
  orderId: number;
  /** A second ad of the owner that stays a draft (the payment starts need one; finish-publish finishes the first). */
  draftId: number;
  /** The app clock's time (ms), for bodies that carry a time. */
  now: number;
  contact: Record<string, string>;
  phone: string;
  /** The owner's uploaded photo, as /media/{name}. */
  mediaName: string;
  sandboxKey: string;
  paymentPublicId: string;
  photo: Buffer;
}

export interface Call {
  method: 'GET' | 'POST' | 'HEAD';
  url: string;
  body?: Record<string, unknown>;
  /** A multipart body instead of JSON (the photo upload). */
  parts?: Parameters<typeof multipart>[0];
  headers?: Record<string, string>;
}

export type Entry = (
  | { kind: 'safe'; why: string; call?: (f: Fixture) => Call }
  | {
      kind: 'write';
      touches: string;
      call: (f: Fixture) => Call;
      /** The spec answers its refusals with 500 and `error`/`errors` (the phone services, after-save-area.md §Phone). */
      refusesWith500?: boolean;
      /** Takes an id of the owner's resource: another account must get a 404 and change nothing. */
      owned?: boolean;
      /** A server-to-server callback that proves itself by signature, not by cookie (no CSRF token by design). */
      signed?: boolean;
      /** Ends or replaces the session it is sent with (login, register, logout): where it must succeed, it is sent
       * from a throwaway client, so the owner stays the owner. */
      switchesSession?: boolean;
    }
) & {
  /** Registered only in another configuration than the test app's (the stale-entry check skips it). */
  onlyIn?: string;
};

/** The car VIP track and the Premium upgrade package (their hashes, as the finish page sends them). */
export const VIP = findTrack({ cat: 1, subcat: 1 }, 'c1-vip')?.hash ?? 'missing';
const PREMIUM = upgradePackagesFor(1).find((p) => p.adType === 'Premium')?.hash ?? 'missing';

const sandbox = (f: Fixture) => ({ 'x-sandbox-key': f.sandboxKey });
const car = (f: Fixture) => ({ ...validCarAd(), ...f.contact });
const pay = (f: Fixture, key: string, id = f.orderId) => ({
  OrderID: id,
  RecordID: id,
  CatID: 1,
  SubCatID: 1,
  pt_hash: VIP,
  idempotencyKey: `sweep-${key}-${Math.random().toString(36).slice(2, 10)}`,
});

export const ROUTES: Record<string, Entry> = {
  // ── reads ────────────────────────────────────────────────────────────────────────────────────────────────
  'GET /api/health': { kind: 'safe', why: 'liveness: answers ok and the database round trip' },
  'GET /api/site-config': { kind: 'safe', why: 'constant links and the video origin' },
  'GET /api/personal-navbar': { kind: 'safe', why: 'constant menu' },
  'GET /api/auth/customer': { kind: 'safe', why: 'reads the session customer (sets the csrf cookie only)' },
  'GET /api/auth/captcha/:id': {
    kind: 'safe',
    why: 'renders a stored captcha',
    call: () => get('/api/auth/captcha/1'),
  },
  'GET /api/publish/check-trader': { kind: 'safe', why: 'reads whether the customer is a trader' },
  'GET /api/publish/check-step': {
    kind: 'safe',
    why: 'validates a step of the query, stores nothing',
    call: () => get('/api/publish/check-step?cat=1&subcat=1&step=1'),
  },
  'GET /api/publish/fields': {
    kind: 'safe',
    why: 'the wizard fields of a category',
    call: () => get('/api/publish/fields?cat=1&subcat=1'),
  },
  'GET /api/publish/fields/:adId': {
    kind: 'safe',
    why: "the owner's ad values for editing (another's: 404, see the owner sweep)",
    call: (f) => get(`/api/publish/fields/${f.orderId}`),
  },
  'GET /api/publish/draft': {
    kind: 'safe',
    why: "reads the customer's draft",
    call: () => get('/api/publish/draft?cat=1&subcat=1'),
  },
  'GET /api/publish/real-estate-count/:kind': {
    kind: 'safe',
    why: 'a count of listings',
    call: () => get('/api/publish/real-estate-count/sale?city=5000'),
  },
  'GET /api/publish/get-finish-page': {
    kind: 'safe',
    why: "the finish page of the owner's ad",
    call: (f) => get(`/api/publish/get-finish-page?OrderID=${f.orderId}`),
  },
  'GET /api/publish/get-ads-counters/:cat/:subcat/:recordId': {
    kind: 'safe',
    why: 'listing counters',
    call: (f) => get(`/api/publish/get-ads-counters/1/1/${f.orderId}`),
  },
  'GET /api/publish/get-related-brokers/:orderID': {
    kind: 'safe',
    why: "brokers near the owner's real-estate ad",
    call: (f) => get(`/api/publish/get-related-brokers/${f.orderId}`),
  },
  'GET /api/publish/get-packages': {
    kind: 'safe',
    why: 'the package price list',
    call: () => get('/api/publish/get-packages?cat=1&subcat=1'),
  },
  'GET /api/publish/glimpse': {
    kind: 'safe',
    why: 'a preview of the ad values of the query',
    call: () => get('/api/publish/glimpse?cat=1&subcat=1'),
  },
  'GET /api/publish/phones': { kind: 'safe', why: "the customer's verified numbers" },
  'GET /api/publish/price-reminder-options': { kind: 'safe', why: 'a constant list' },
  'GET /api/publish/options/:listId': {
    kind: 'safe',
    why: 'an option list',
    call: () => get('/api/publish/options/area'),
  },
  'GET /api/publish/images/content': {
    kind: 'safe',
    why: "the bytes of one of the customer's photos",
    call: (f) => get(`/api/publish/images/content?src=${encodeURIComponent(`/media/${f.mediaName}`)}`),
  },
  'GET /api/publish/:id/order-types': {
    kind: 'safe',
    why: "the tracks offered for the owner's ad",
    call: (f) => get(`/api/publish/${f.orderId}/order-types`),
  },
  'GET /api/publish/:OrderID/images': {
    kind: 'safe',
    why: "the owner's ad photos",
    call: (f) => get(`/api/publish/${f.orderId}/images`),
  },
  'GET /api/publish/:OrderID/video': {
    kind: 'safe',
    why: "the owner's ad video",
    call: (f) => get(`/api/publish/${f.orderId}/video`),
  },
  'GET /api/publish/commercial-payment/get-agreement': { kind: 'safe', why: 'a constant text' },
  'GET /api/payments/success': {
    kind: 'safe',
    why: 'the return URL: redirects on; may ask the provider, whose answer (not the visit) is recorded',
    call: (f) => get(`/api/payments/success?pid=${f.paymentPublicId}`),
  },
  'GET /api/payments/failure': {
    kind: 'safe',
    why: 'the return URL (failure)',
    call: (f) => get(`/api/payments/failure?pid=${f.paymentPublicId}`),
  },
  'GET /api/payments/failureUpgrade': {
    kind: 'safe',
    why: 'the return URL (failed upgrade)',
    call: (f) => get(`/api/payments/failureUpgrade?pid=${f.paymentPublicId}`),
  },
  'GET /api/adds/:id': { kind: 'safe', why: "the owner's ad", call: (f) => get(`/api/adds/${f.orderId}`) },
  'GET /item/:id': { kind: 'safe', why: "the ad's public page, read only", call: (f) => get(`/item/${f.orderId}`) },
  'GET /item/:id/preview': {
    kind: 'safe',
    why: "the owner's preview of the ad, read only",
    call: (f) => get(`/item/${f.orderId}/preview`),
  },
  'GET /item/:id/video': { kind: 'safe', why: "a live ad's video", call: (f) => get(`/item/${f.orderId}/video`) },
  'GET /board': { kind: 'safe', why: 'the index of the boards' },
  'GET /board/': { kind: 'safe', why: 'a redirect to the index without the slash' },
  'GET /board/:cat/': { kind: 'safe', why: 'a redirect to the board without the slash', call: () => get('/board/1/') },
  'GET /board/:cat/:subcat/': {
    kind: 'safe',
    why: 'a redirect to the board without the slash',
    call: () => get('/board/1/1/'),
  },
  'GET /board/style.css': { kind: 'safe', why: "the boards' style sheet" },
  'GET /board/cards.css': { kind: 'safe', why: "the board cards' rules, for the owner's preview" },
  'GET /board/:cat': { kind: 'safe', why: "a category's board", call: () => get('/board/1') },
  'GET /board/:cat/:subcat': { kind: 'safe', why: "a sub-category's board", call: () => get('/board/1/1') },
  'GET /api/board/:cat': { kind: 'safe', why: "a category's board as data", call: () => get('/api/board/1') },
  'GET /api/board/:cat/:subcat': {
    kind: 'safe',
    why: "a sub-category's board as data",
    call: () => get('/api/board/1/1'),
  },
  'GET /api/my-ads': { kind: 'safe', why: "the customer's ads" },
  'GET /api/my-ads/numbers': { kind: 'safe', why: "the numbers of the customer's own ads" },
  'GET /api/my-ads/:id/numbers': { kind: 'safe', why: "one own ad's numbers (another's: 404)" },
  'GET /api/contact-us/fetch': { kind: 'safe', why: 'the contact form subjects' },
  // The operator console's reads: the sweep's customers are no staff, so each answers 401 (operator-login.test.ts
  // proves the roles).
  'GET /api/operator/me': { kind: 'safe', why: 'the staff member logged in' },
  'GET /api/operator/audit': { kind: 'safe', why: "the admin's audit log" },
  'GET /api/operator/staff': { kind: 'safe', why: 'the staff accounts (admin)' },
  'GET /api/operator/webhooks': { kind: 'safe', why: "the ad events' subscribers (admin)" },
  'GET /api/operator/customers': {
    kind: 'safe',
    why: "support's customer search",
    call: () => get('/api/operator/customers?q=a'),
  },
  'GET /api/operator/customers/:id': {
    kind: 'safe',
    why: "support's view of an account",
    call: () => get('/api/operator/customers/1'),
  },
  'GET /api/operator/customers/:id/activity': {
    kind: 'safe',
    why: "support's view of an account's activity",
    call: () => get('/api/operator/customers/1/activity'),
  },
  'GET /api/operator/contact-us': { kind: 'safe', why: 'the contact-us inbox' },
  'GET /api/operator/leads': { kind: 'safe', why: 'the leads of every kind' },
  'GET /api/operator/leads.csv': { kind: 'safe', why: 'the leads as a CSV file' },
  'GET /api/operator/moderation/queue': { kind: 'safe', why: 'the moderation queue' },
  'GET /api/operator/moderation/reviews/:id': {
    kind: 'safe',
    why: "a moderation case and its ad's view",
    call: () => get('/api/operator/moderation/reviews/1'),
  },
  'GET /api/operator/moderation/rules': { kind: 'safe', why: 'the moderation rules' },
  'GET /api/operator/payments': { kind: 'safe', why: "finance's payment list" },
  'GET /api/operator/payments/totals': { kind: 'safe', why: "finance's day totals" },
  'GET /api/operator/analytics/funnel': { kind: 'safe', why: "the analysts' funnel" },
  'GET /api/operator/analytics/phone-spend': { kind: 'safe', why: "the analysts' phone spend" },
  'GET /api/operator/analytics/live-ads': { kind: 'safe', why: "the analysts' live-ad counts" },
  'GET /api/operator/payments/:id': {
    kind: 'safe',
    why: "finance's view of a payment",
    call: () => get('/api/operator/payments/pay_1'),
  },
  'GET /gateway/packages/personal/:adId': {
    kind: 'safe',
    why: "the packages for the owner's ad",
    call: (f) => get(`/gateway/packages/personal/${f.orderId}`),
  },
  'GET /gateway/price-list/calculate-price': {
    kind: 'safe',
    why: 'a price computed from the query',
    call: () => get('/gateway/price-list/calculate-price?cat=1&subcat=1&pt_hash=vip-28'),
  },
  'GET /gateway/car-data-gov': {
    kind: 'safe',
    why: 'the plate registry lookup',
    call: () => get('/gateway/car-data-gov?licensePlate=1234567'),
  },
  'GET /gateway/nixale-proxy/freeSearch': {
    kind: 'safe',
    why: 'a search proxy',
    call: () => get('/gateway/nixale-proxy/freeSearch?q=x'),
  },
  'GET /media/:name': { kind: 'safe', why: 'the bytes of a stored photo', call: (f) => get(`/media/${f.mediaName}`) },
  // The API's OpenAPI document and its reference page (platform/http/openapi.ts): the same for everyone.
  'GET /api/openapi.json': { kind: 'safe', why: 'the OpenAPI document of the declared calls' },
  'GET /api/docs': { kind: 'safe', why: 'the reference page' },
  'GET /sandbox/*': {
    kind: 'safe',
    onlyIn: 'real mail provider (no sandboxes)',
    why: 'a 404 in front of the sandbox pages',
    call: () => get('/sandbox/x'),
  },
  'GET /api/sandbox/outbox': {
    kind: 'safe',
    why: 'the sandbox mail outbox (key)',
    call: (f) => get('/api/sandbox/outbox?to=a@b.co', sandbox(f)),
  },
  'GET /api/sandbox/phones/outbox': {
    kind: 'safe',
    why: 'the sandbox SMS outbox (key)',
    call: (f) => get('/api/sandbox/phones/outbox?to=0541234567', sandbox(f)),
  },
  'GET /api/sandbox/phones/settings': {
    kind: 'safe',
    why: 'the sandbox SMS switch (key)',
    call: (f) => get('/api/sandbox/phones/settings', sandbox(f)),
  },
  'GET /api/sandbox/payments/sessions': {
    kind: 'safe',
    why: 'the sandbox payments (key)',
    call: (f) => get('/api/sandbox/payments/sessions', sandbox(f)),
  },
  'GET /api/sandbox/payments/switches': {
    kind: 'safe',
    why: 'the sandbox payment switches (key)',
    call: (f) => get('/api/sandbox/payments/switches', sandbox(f)),
  },
  'GET /api/sandbox/payments/deliveries': {
    kind: 'safe',
    why: 'the sandbox notifications (key)',
    call: (f) => get('/api/sandbox/payments/deliveries', sandbox(f)),
  },
  'GET /api/sandbox/payments/test-cards': {
    kind: 'safe',
    why: 'the sandbox test cards (key)',
    call: (f) => get('/api/sandbox/payments/test-cards', sandbox(f)),
  },
  'GET /api/sandbox/payments/refunds': {
    kind: 'safe',
    why: 'the sandbox refunds (key)',
    call: (f) => get('/api/sandbox/payments/refunds', sandbox(f)),
  },

  // ── GETs that change state (the spec's; CSRF-checked like a POST) ────────────────────────────────────────
  'GET /api/publish/save-ad': { kind: 'write', touches: 'ads', call: (f) => get(`/api/publish/save-ad?${qs(car(f))}`) },
  'GET /api/publish/save-ad/:id': {
    kind: 'write',
    touches: 'ads',
    owned: true,
    call: (f) => get(`/api/publish/save-ad/${f.orderId}?${qs(car(f))}`),
  },
  'GET /api/publish/reset-ad': {
    kind: 'write',
    touches: 'wizard_drafts',
    call: () => get('/api/publish/reset-ad?cat=1&subcat=1'),
  },
  'GET /api/publish/add-virtual': {
    refusesWith500: true,
    kind: 'write',
    touches: 'virtual_phones',
    call: (f) => get(`/api/publish/add-virtual?phone=${encodeURIComponent(f.phone)}`),
  },
  'GET /api/publish/:id/order-edited': {
    kind: 'write',
    touches: 'ads (pending edit)',
    owned: true,
    call: (f) => get(`/api/publish/${f.orderId}/order-edited`),
  },
  'GET /api/stinker': {
    kind: 'write',
    touches: 'missing_sub_models',
    call: () => get('/api/stinker?action=missingSubModel&missingSubModel=x'),
  },

  // ── writes ───────────────────────────────────────────────────────────────────────────────────────────────
  'POST /api/stinker': {
    kind: 'write',
    touches: 'missing_sub_models',
    call: () => post('/api/stinker?action=missingSubModel', { missingSubModel: 'קורולה X' }),
  },
  'POST /api/auth/login': {
    kind: 'write',
    touches: 'sessions, rate_counters',
    call: () => post('/api/auth/login', { username: 'nobody@example.co.il', password: 'Secret123' }),
  },
  // The operator console's writes (staff only: the sweep's customers get 401, and the CSRF guard comes first).
  'POST /api/operator/login': {
    kind: 'write',
    touches: 'staff_sessions, staff_audit, rate_counters (a locked sign-in is told, once the password is right)',
    call: () => post('/api/operator/login', { email: 'nobody@example.co.il', password: 'Secret123' }),
  },
  'POST /api/operator/setup': {
    kind: 'write',
    touches: 'staff, staff_sessions, staff_audit',
    call: () => post('/api/operator/setup', { token: 'none', password: 'Secret123' }),
  },
  'POST /api/operator/login/code': {
    kind: 'write',
    touches: 'staff, staff_sessions, staff_audit, rate_counters, outbox (the wrong-code limits, a lock and its mail)',
    call: () => post('/api/operator/login/code', { code: '123456' }),
  },
  'POST /api/operator/enrolment/start': {
    kind: 'write',
    touches: 'staff',
    call: () => post('/api/operator/enrolment/start', {}),
  },
  'POST /api/operator/enrolment/confirm': {
    kind: 'write',
    touches: 'staff, staff_recovery_codes, staff_sessions, staff_audit, rate_counters (the wrong-code limits)',
    call: () => post('/api/operator/enrolment/confirm', { code: '123456' }),
  },
  'POST /api/operator/logout': {
    kind: 'write',
    touches: 'staff_sessions, staff_audit',
    call: () => post('/api/operator/logout', {}),
  },
  'POST /api/operator/staff': {
    kind: 'write',
    touches: 'staff, staff_audit',
    call: () => post('/api/operator/staff', { email: 'new@example.co.il', name: 'חדש', role: 'support' }),
  },
  'POST /api/operator/webhooks': {
    kind: 'write',
    touches: 'webhook_subscribers, staff_audit',
    call: () => post('/api/operator/webhooks', { url: 'https://hooks.example.co.il/yad', events: ['ad.published'] }),
  },
  'POST /api/operator/webhooks/:id/pause': {
    kind: 'write',
    touches: 'webhook_subscribers, staff_audit',
    call: () => post('/api/operator/webhooks/1/pause', {}),
  },
  'POST /api/operator/webhooks/:id/resume': {
    kind: 'write',
    touches: 'webhook_subscribers, webhook_deliveries, scheduled_jobs, staff_audit',
    call: () => post('/api/operator/webhooks/1/resume', {}),
  },
  'POST /api/operator/webhooks/:id/delete': {
    kind: 'write',
    touches: 'webhook_subscribers, webhook_deliveries, staff_audit',
    call: () => post('/api/operator/webhooks/1/delete', {}),
  },
  'POST /api/operator/customers/:id/block': {
    kind: 'write',
    touches: 'customers, sessions, staff_audit',
    call: () => post('/api/operator/customers/1/block', { reason: 'בדיקה' }),
  },
  'POST /api/operator/customers/:id/unblock': {
    kind: 'write',
    touches: 'customers, staff_audit',
    call: () => post('/api/operator/customers/1/unblock', {}),
  },
  'POST /api/operator/customers/:id/reset-limits': {
    kind: 'write',
    touches: 'rate_counters, staff_audit',
    call: () => post('/api/operator/customers/1/reset-limits', { kind: 'login' }),
  },
  'POST /api/operator/customers/:id/resend-code': {
    kind: 'write',
    touches: 'phone_verifications, rate_counters, staff_audit',
    call: () => post('/api/operator/customers/1/resend-code', { phone: '0541234567' }),
  },
  'POST /api/operator/contact-us/:id/answer': {
    kind: 'write',
    touches: 'contact_us_messages, staff_audit, outbox_emails',
    call: () => post('/api/operator/contact-us/1/answer', { text: 'תשובה' }),
  },
  'POST /api/operator/leads/:id/handled': {
    kind: 'write',
    touches: 'leads, staff_audit',
    call: () => post('/api/operator/leads/1/handled', {}),
  },
  'POST /api/operator/moderation/reviews/:id/approve': {
    kind: 'write',
    touches: 'ads, ad_reviews, staff_audit, scheduled_jobs',
    call: () => post('/api/operator/moderation/reviews/1/approve', {}),
  },
  'POST /api/operator/moderation/reviews/:id/close': {
    kind: 'write',
    touches: 'ad_reviews, staff_audit',
    call: () => post('/api/operator/moderation/reviews/1/close', {}),
  },
  'POST /api/operator/moderation/reviews/:id/reject': {
    kind: 'write',
    touches: 'ads, ad_reviews, staff_audit',
    call: () => post('/api/operator/moderation/reviews/1/reject', { template: 'other', text: 'בדיקה' }),
  },
  'POST /api/operator/moderation/bulk': {
    kind: 'write',
    touches: 'ads, ad_reviews, staff_audit, scheduled_jobs',
    call: () => post('/api/operator/moderation/bulk', { action: 'approve', reviewIds: [1] }),
  },
  'POST /api/operator/payments/:id/refund': {
    kind: 'write',
    touches: 'staff_refunds, staff_audit, scheduled_jobs',
    call: () =>
      post('/api/operator/payments/pay_1/refund', {
        amountAgorot: 100,
        reason: 'בדיקה',
        idempotencyKey: 'attack-key-1',
      }),
  },
  'POST /api/operator/moderation/rules': {
    kind: 'write',
    touches: 'moderation_rules, banned_words, staff_audit',
    call: () => post('/api/operator/moderation/rules', { rules: {}, words: [] }),
  },
  'POST /api/auth/register': {
    kind: 'write',
    switchesSession: true,
    touches: 'customers, sessions',
    call: () =>
      post('/api/auth/register', {
        username: `sweep.${Math.random().toString(36).slice(2)}@example.co.il`,
        password: 'Secret123',
        passwordAgain: 'Secret123',
        firstname: 'נועה',
        lastname: 'ישראלי',
      }),
  },
  'POST /api/auth/logout': {
    kind: 'write',
    touches: 'sessions',
    switchesSession: true,
    call: () => post('/api/auth/logout', {}),
  },
  'POST /api/auth/forgetPass': {
    kind: 'write',
    touches: 'password_resets, outbox_emails',
    call: () => post('/api/auth/forgetPass', { EmailForgetPass: 'nobody@example.co.il' }),
  },
  'POST /api/auth/forgetPassword': {
    kind: 'write',
    touches: 'password_resets, outbox_emails',
    call: () => post('/api/auth/forgetPassword', { EmailForgetPass: 'nobody@example.co.il' }),
  },
  'POST /api/auth/confirmCode': {
    kind: 'write',
    touches: 'password_resets, rate_counters (wrong codes per account and address)',
    call: () => post('/api/auth/confirmCode', { EmailForgetPass: 'nobody@example.co.il', confirmCodePass: '123456' }),
  },
  'POST /api/auth/createNewPass': {
    kind: 'write',
    touches: 'customers',
    call: () =>
      post('/api/auth/createNewPass', {
        EmailForgetPass: 'nobody@example.co.il',
        confirmCodePass: '123456',
        password: 'Secret1234',
        passwordAgain: 'Secret1234',
      }),
  },
  'POST /api/my-ads/bulk': {
    kind: 'write',
    touches: 'ads (status), ad_events',
    call: (f) => post('/api/my-ads/bulk', { action: 'delete', ids: [f.draftId] }),
  },
  'POST /api/my-ads/:id/easy-start/cancel': {
    kind: 'write',
    touches: 'easy_start_trials',
    owned: true,
    call: (f) => post(`/api/my-ads/${f.orderId}/easy-start/cancel`, {}),
  },
  'POST /api/publish/save-ad': { kind: 'write', touches: 'ads', call: (f) => post('/api/publish/save-ad', car(f)) },
  'POST /api/publish/save-ad/:id': {
    kind: 'write',
    touches: 'ads',
    owned: true,
    call: (f) => post(`/api/publish/save-ad/${f.orderId}`, car(f)),
  },
  'POST /api/publish/draft': {
    kind: 'write',
    touches: 'wizard_drafts',
    call: () => post('/api/publish/draft', { cat: '1', subcat: '1', values: { km: '1' }, lastValidStep: 1 }),
  },
  'POST /api/publish/:id/order-edited': {
    kind: 'write',
    touches: 'ads (pending edit)',
    owned: true,
    call: (f) => post(`/api/publish/${f.orderId}/order-edited`, {}),
  },
  'POST /api/publish/reserve-order': {
    kind: 'write',
    touches: 'ads (reserved)',
    call: () =>
      post('/api/publish/reserve-order', {
        cat: '1',
        subcat: '1',
        idempotencyKey: `sweep-${Math.random().toString(36).slice(2, 12)}`,
      }),
  },
  'POST /api/publish/images/upload': {
    kind: 'write',
    touches: 'ad_images, media',
    owned: true,
    call: (f) => ({
      method: 'POST',
      url: '/api/publish/images/upload',
      parts: [
        { name: 'OrderID', value: String(f.orderId) },
        { name: 'picNumber', value: '3' },
        { name: 'orientation', value: '1' },
        { name: 'image', value: f.photo, filename: 'photo.jpg' },
      ],
    }),
  },
  'POST /api/workers/image-upload': {
    kind: 'write',
    touches: 'ad_images, media',
    owned: true,
    call: (f) => ({
      method: 'POST',
      url: '/api/workers/image-upload',
      parts: [
        { name: 'OrderID', value: String(f.orderId) },
        { name: 'picNumber', value: '4' },
        { name: 'orientation', value: '1' },
        { name: 'image', value: f.photo, filename: 'photo.jpg' },
      ],
    }),
  },
  'POST /api/publish/:OrderID/images/upload': {
    kind: 'write',
    touches: 'ad_images, media',
    owned: true,
    call: (f) => ({
      method: 'POST',
      url: `/api/publish/${f.orderId}/images/upload`,
      parts: [
        { name: 'OrderID', value: String(f.orderId) },
        { name: 'picNumber', value: '2' },
        { name: 'orientation', value: '1' },
        { name: 'image', value: f.photo, filename: 'photo.jpg' },
      ],
    }),
  },
  'POST /api/publish/:OrderID/images/order': {
    kind: 'write',
    touches: 'ad_images',
    owned: true,
    call: (f) => post(`/api/publish/${f.orderId}/images/order`, { order: [2, 1] }),
  },
  'POST /api/publish/:OrderID/video/token': {
    kind: 'write',
    touches: 'ad_videos',
    owned: true,
    call: (f) => post(`/api/publish/${f.orderId}/video/token`, { OrderID: f.orderId }),
  },
  'POST /api/adds/delete-video/:OrderID': {
    kind: 'write',
    touches: 'ad_videos',
    owned: true,
    call: (f) => post(`/api/adds/delete-video/${f.orderId}`, { OrderID: f.orderId }),
  },
  'POST /api/publish/finish-publish': {
    kind: 'write',
    touches: 'ads (track, status)',
    owned: true,
    call: (f) => post('/api/publish/finish-publish', freeFinishBody(f.orderId)),
  },
  'POST /api/publish/finish-page': {
    kind: 'write',
    touches: 'payments',
    owned: true,
    call: (f) => post('/api/publish/finish-page', pay(f, 'card', f.draftId)),
  },
  'POST /api/publish/bit-payment': {
    kind: 'write',
    touches: 'payments',
    owned: true,
    call: (f) => post('/api/publish/bit-payment', pay(f, 'bit', f.draftId)),
  },
  'POST /gateway/packages/personal/pay/:adId': {
    kind: 'write',
    touches: 'payments (package)',
    owned: true,
    call: (f) =>
      post(`/gateway/packages/personal/pay/${f.orderId}`, {
        ...pay(f, 'pkg'),
        packageHash: PREMIUM,
        channel: 'creditCard',
      }),
  },
  'POST /gateway/packages/subscribe/auto-bump-ad/start-payment/:orderId': {
    kind: 'write',
    touches: 'payments (auto-bump)',
    owned: true,
    call: (f) =>
      post(`/gateway/packages/subscribe/auto-bump-ad/start-payment/${f.orderId}`, {
        ...pay(f, 'bump'),
        packageHash: AUTO_BUMP_HASH,
        channel: 'creditCard',
      }),
  },
  'POST /api/payments/notify': {
    kind: 'write',
    touches: 'payments, payment_events',
    signed: true,
    call: () => post('/api/payments/notify', { type: 'payment.succeeded' }),
  },
  'POST /api/publish/real-estate-lead/:OrderID': {
    kind: 'write',
    touches: 'real_estate_leads',
    owned: true,
    call: (f) => post(`/api/publish/real-estate-lead/${f.orderId}`, { brokers: [1] }),
  },
  'POST /api/publish/campaign/save': {
    kind: 'write',
    touches: 'campaign_leads',
    owned: true,
    call: (f) =>
      post('/api/publish/campaign/save', {
        orderID: f.orderId,
        campaigns: ['car-insurance', 'toyota-check'],
        registrationPlate: '37497104',
      }),
  },
  'POST /api/publish/commercial-payment/store-invoice-details': {
    kind: 'write',
    touches: 'invoice_details',
    owned: true,
    call: (f) =>
      post('/api/publish/commercial-payment/store-invoice-details', {
        OrderID: f.orderId,
        paymentmethod: 2,
        pt_hash: 'vip-28',
        businessName: 'נכסי הים בע"מ',
        authorizedDealer: '510000003',
        invoiceEmail: 'noa@example.co.il',
      }),
  },
  'POST /api/publish/commercial-payment/store-phone-payment-details': {
    kind: 'write',
    touches: 'phone_payment_requests',
    owned: true,
    call: (f) =>
      post('/api/publish/commercial-payment/store-phone-payment-details', {
        OrderID: f.orderId,
        pt_hash: 'vip-28',
        phone: '0501234567',
        name: 'נועה',
      }),
  },
  'POST /api/packages/lead': {
    kind: 'write',
    touches: 'package_leads',
    call: () =>
      post('/api/packages/lead', {
        pt_hash: 'car-vip-30',
        contactus_fullName: 'רונית לוי',
        contactus_phone: '050-1234567',
        contactus_email: 'ronit@example.co.il',
      }),
  },
  'POST /api/publish/car-trader/trade-in-lead': {
    kind: 'write',
    touches: 'trade_in_leads',
    call: () => post('/api/publish/car-trader/trade-in-lead', { name: 'נועה', phone: '0501234567' }),
  },
  'POST /api/publish/check-duplication-car': {
    kind: 'write',
    touches: 'rate_counters',
    call: () => post('/api/publish/check-duplication-car', { licensePlate: '1234567' }),
  },
  'POST /api/publish/missing-address': {
    kind: 'write',
    touches: 'missing_addresses',
    call: () => post('/api/publish/missing-address', { settlement: 'תל אביב', street: 'הרחוב החדש', houseNumber: '3' }),
  },
  'POST /api/publish/get-car-submodels': {
    kind: 'write',
    touches: 'nothing (a POST that reads)',
    call: () => post('/api/publish/get-car-submodels', { model: 1, year: 2020 }),
  },
  'POST /api/publish/policy-check': {
    kind: 'write',
    touches: 'nothing (a POST that reads)',
    call: () => post('/api/publish/policy-check', { CatID: 1, SubCatID: 1, texts: { description: 'רכב שמור' } }),
  },
  'POST /api/publish/valid-phone': {
    refusesWith500: true,
    kind: 'write',
    touches: 'phone_verifications, SMS',
    call: () => post('/api/publish/valid-phone', { Phone1: '0547777001' }),
  },
  'POST /api/publish/valid-phone-code': {
    refusesWith500: true,
    kind: 'write',
    touches: 'customer_phones',
    call: () => post('/api/publish/valid-phone-code', { Phone1: '0547777001', Code: '12345' }),
  },
  'POST /api/publish/send_IVR_confirmation': {
    refusesWith500: true,
    kind: 'write',
    touches: 'phone_verifications, calls',
    call: () => post('/api/publish/send_IVR_confirmation', { Phone1: '0547777002' }),
  },
  'POST /api/publish/valid-phone-check': {
    refusesWith500: true,
    kind: 'write',
    touches: 'customer_phones',
    call: () => post('/api/publish/valid-phone-check', { Phone1: '0547777002' }),
  },
  'POST /api/publish/update-phone-activation': {
    kind: 'write',
    touches: 'customer_phones',
    owned: true,
    call: (f) => post('/api/publish/update-phone-activation', { phone: f.phone, newState: 0 }),
  },
  'POST /api/analytics/events': {
    kind: 'write',
    touches: 'analytics_events',
    call: (f) =>
      post('/api/analytics/events', {
        events: [{ name: 'image_added', props: { slot: 1, source: 'gallery' }, at: f.now - 1000 }],
      }),
  },
  'POST /api/ads/:id/phone': {
    kind: 'write',
    touches: 'rate_counters (the reveal is counted in memory, written in batches)',
    call: (f) => post(`/api/ads/${f.orderId}/phone`, {}),
  },
  'POST /api/ads/:id/share': {
    kind: 'write',
    touches: 'rate_counters (the share is counted in memory, written in batches)',
    call: (f) => post(`/api/ads/${f.orderId}/share`, {}),
  },
  'POST /api/ads/:id/report': {
    kind: 'write',
    touches: 'ad_reviews, ad_reports, rate_counters',
    call: (f) => post(`/api/ads/${f.orderId}/report`, { reason: 'fraud' }),
  },
  'POST /api/contact-us/save': {
    kind: 'write',
    touches: 'contact_us_messages, outbox_emails',
    call: () =>
      post('/api/contact-us/save', {
        subject: 'publish-question',
        description: 'איך מעלים תמונה?',
        email: 'dana@example.co.il',
        phone: '050-1234567',
      }),
  },
  'POST /api/sandbox/phones/settings': {
    kind: 'write',
    touches: 'sandbox_phone_settings',
    call: (f) => post('/api/sandbox/phones/settings', { smsFailure: 'none' }, sandbox(f)),
  },
  'POST /api/sandbox/phones/calls/:id/answer': {
    kind: 'write',
    touches: 'phone_verifications',
    call: (f) => post('/api/sandbox/phones/calls/1/answer', {}, sandbox(f)),
  },
  'POST /api/sandbox/payments/switches': {
    kind: 'write',
    touches: 'sandbox_payment_switches',
    call: (f) => post('/api/sandbox/payments/switches', { dropNotifications: false }, sandbox(f)),
  },
  'POST /api/sandbox/payments/sessions/:id/expire': {
    kind: 'write',
    touches: 'sandbox_payment_sessions',
    call: (f) => post('/api/sandbox/payments/sessions/ps_0000000000000000/expire', {}, sandbox(f)),
  },
};

function get(url: string, headers?: Record<string, string>): Call {
  return { method: 'GET', url, ...(headers ? { headers } : {}) };
}
function post(url: string, body: Record<string, unknown>, headers?: Record<string, string>): Call {
  return { method: 'POST', url, body, ...(headers ? { headers } : {}) };
}
function qs(o: Record<string, string>): string {
  return new URLSearchParams(o).toString();
}

/** The call a route is exercised with: the table's, or a plain one to its url. */
export function callOf(key: string, entry: Entry, f: Fixture): Call {
  if (entry.call) return entry.call(f);
  const [method, url] = key.split(' ') as [Call['method'], string];
  return { method, url };
}

/**
 * Sends a call as the agent (its cookies; the CSRF header unless `csrf: false`), with extra headers last (an
 * attacker's Origin, Referer, Sec-Fetch-Site) and, for a JSON body, optionally raw JSON text (the __proto__ keys).
 */
export async function send(
  app: FastifyInstance,
  agent: Agent,
  call: Call,
  opts: { csrf?: boolean; headers?: Record<string, string>; rawJson?: string } = {},
): Promise<LightMyRequestResponse> {
  if (!agent.cookies.has('csrf')) await agent.get('/api/auth/customer');
  const headers: Record<string, string> = {
    cookie: [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    ...(opts.csrf === false ? {} : { [CSRF_HEADER]: agent.cookies.get('csrf') ?? '' }),
    ...call.headers,
  };
  let payload: string | Buffer | undefined;
  if (call.parts) {
    const m = multipart(call.parts);
    payload = m.payload;
    headers['content-type'] = m.contentType;
  } else if (call.method === 'POST') {
    payload = opts.rawJson ?? JSON.stringify(call.body ?? {});
    headers['content-type'] = 'application/json';
  }
  Object.assign(headers, opts.headers);
  const res = await app.inject({ method: call.method, url: call.url, payload, remoteAddress: agent.ip, headers });
  const cookies = res.cookies as { name: string; value: string; maxAge?: number }[];
  for (const c of cookies) {
    if (c.maxAge === 0 || c.value === '') agent.cookies.delete(c.name);
    else agent.cookies.set(c.name, c.value);
  }
  return res;
}
