/**
 * A local PayPlus for the tests: the REST API v1.0 calls our adapter makes (PaymentPages/generateLink,
 * PaymentPages/ipn, PaymentPages/ipn-full, Transactions/RefundByTransactionUID, Transactions/Charge) and the hosted
 * payment page they open, keeping its pages, transactions, refunds and card tokens, and enforcing what PayPlus
 * enforces: the api-key and secret-key headers, each call's documented fields and their types (schemas.ts: a field
 * PayPlus does not define, a missing required one or a wrong type is refused with 422, as PayPlus answers), a page's
 * expiry, a refund never beyond what is left of its charge. The page pays with test cards (or bit), then sends the
 * callback PayPlus sends, signed as PayPlus signs it (`hash`: base64 HMAC-SHA256 of the body with the secret key,
 * `user-agent: PayPlus`), and sends its frame to the return URL.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { z } from 'zod';
import { chargeBody, generateLinkBody, ipnBody, ipnFullBody, refundBody } from './schemas.ts';

export const PAYPLUS_TEST_KEYS = {
  apiKey: 'pp-test-api-key-0123456789',
  secretKey: 'pp-test-secret-key-0123456789',
  pageUid: '7a0bcd4d-f35f-4301-a945-926378a2416d',
  terminalUid: '1b2c3d4e-0000-4000-8000-00000000aa01',
  cashierUid: '1b2c3d4e-0000-4000-8000-00000000aa02',
} as const;

/** The page's test cards: approved, declined by the issuer, expired. */
export const PAYPLUS_TEST_CARDS = {
  approved: '4580 0000 0000 0000',
  declined: '4000 0000 0000 0002',
  expired: '4000 0000 0000 0069',
} as const;
const CARD_CODES: Record<string, string> = {
  '4580000000000000': '000',
  '4000000000000002': '004',
  '4000000000000069': '036',
};

interface Page {
  uid: string;
  request: z.infer<typeof generateLinkBody>;
  createdAt: number;
  transactionUid?: string;
}

interface Transaction {
  uid: string;
  type: 'charge' | 'refund';
  pageUid: string | null;
  parentUid: string | null;
  statusCode: string;
  amount: number;
  moreInfo: string;
  method: 'credit-card' | 'bit' | 'token';
  token: string | null;
  customerUid: string | null;
  fourDigits: string;
}

export interface Callback {
  url: string;
  body: string;
  headers: Record<string, string>;
  status: number;
}

const envelope = (data?: unknown, description = 'operation was successful') => ({
  results: { status: 'success', code: 0, description },
  ...(data === undefined ? {} : { data }),
});
const refusal = (description: string, code = 1) => ({ results: { status: 'error', code, description } });

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export class PayPlusDouble {
  origin = '';
  pages = new Map<string, Page>();
  transactions = new Map<string, Transaction>();
  callbacks: Callback[] = [];
  /** Every API request, with its path and body. */
  requests: { path: string; body: unknown }[] = [];
  /** 'down': every API call answers 503. */
  mode: 'ok' | 'down' = 'ok';
  /**
   * How ipn-full spells a refund's `type` among a charge's related transactions: PayPlus's pages do not say, so the
   * tests try the spellings it might use.
   */
  refundTypeAs = 'refund';
  /** The next call to this path does its work and then loses its answer (the connection is cut). */
  loseAnswerOf: string | null = null;
  private server?: http.Server;

  get apiBase(): string {
    return `${this.origin}/api/v1.0`;
  }

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  stop(): Promise<void> {
    this.server?.closeAllConnections();
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The charges and refunds of one of our payments (its public id in more_info). */
  transactionsOf(moreInfo: string): Transaction[] {
    return [...this.transactions.values()].filter(
      (t) => t.moreInfo === moreInfo || (t.parentUid && this.transactions.get(t.parentUid)?.moreInfo === moreInfo),
    );
  }

  refundsOf(chargeUid: string): Transaction[] {
    return [...this.transactions.values()].filter((t) => t.type === 'refund' && t.parentUid === chargeUid);
  }

  /** The token of a card kept by a page that created one. */
  tokenOfPage(pageUid: string): string | null {
    const uid = this.pages.get(pageUid)?.transactionUid;
    return uid ? (this.transactions.get(uid)?.token ?? null) : null;
  }

  private async readBody(req: http.IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.origin);
    const raw = await this.readBody(req);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname.startsWith('/pay/')) return this.page(req, res, url, raw);
    if (!url.pathname.startsWith('/api/v1.0/') || req.method !== 'POST') return send(404, refusal('not found', 404));
    const path = url.pathname.slice('/api/v1.0/'.length);
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return send(422, refusal('body must be JSON', 422));
    }
    this.requests.push({ path, body });
    if (this.mode === 'down') return send(503, refusal('service unavailable', 503));
    if (
      req.headers['api-key'] !== PAYPLUS_TEST_KEYS.apiKey ||
      req.headers['secret-key'] !== PAYPLUS_TEST_KEYS.secretKey
    )
      return send(401, refusal('api-key or secret-key not valid', 401));
    const answer = this.api(path, body);
    if (this.loseAnswerOf === path) {
      this.loseAnswerOf = null;
      res.socket?.destroy();
      return;
    }
    return send(answer.status, answer.body);
  }

  private api(path: string, body: unknown): { status: number; body: unknown } {
    const invalid = (err: z.ZodError) => ({
      status: 422,
      body: refusal(err.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '), 422),
    });
    switch (path) {
      case 'PaymentPages/generateLink': {
        const parsed = generateLinkBody.safeParse(body);
        if (!parsed.success) return invalid(parsed.error);
        if (parsed.data.payment_page_uid !== PAYPLUS_TEST_KEYS.pageUid)
          return { status: 422, body: refusal('payment page not found', 422) };
        const uid = crypto.randomUUID();
        this.pages.set(uid, { uid, request: parsed.data, createdAt: Date.now() });
        return {
          status: 200,
          body: envelope(
            { page_request_uid: uid, payment_page_link: `${this.origin}/pay/${uid}`, qr_code_image: '' },
            'payment page link is been generated',
          ),
        };
      }
      case 'PaymentPages/ipn': {
        const parsed = ipnBody.safeParse(body);
        if (!parsed.success) return invalid(parsed.error);
        const { payment_request_uid: pageUid, transaction_uid: txUid } = parsed.data;
        const page = pageUid ? this.pages.get(pageUid) : undefined;
        if (pageUid && !page) return { status: 404, body: refusal('payment request not found', 404) };
        const tx = this.transactions.get(txUid ?? page?.transactionUid ?? '');
        if (!tx) return { status: 200, body: refusal('no transaction yet for this payment request') };
        return { status: 200, body: envelope(this.view(tx)) };
      }
      case 'PaymentPages/ipn-full': {
        const parsed = ipnFullBody.safeParse(body);
        if (!parsed.success) return invalid(parsed.error);
        const { transaction_uid, payment_request_uid, more_info, related_transaction } = parsed.data;
        const tx = [...this.transactions.values()]
          .filter((t) => t.type === 'charge')
          .reverse()
          .find(
            (t) =>
              (transaction_uid && t.uid === transaction_uid) ||
              (payment_request_uid && t.pageUid === payment_request_uid) ||
              (more_info && t.moreInfo === more_info),
          );
        if (!tx) return { status: 200, body: refusal('transaction not found') };
        const related = related_transaction
          ? {
              related_transactions: this.refundsOf(tx.uid).map((r) => ({
                transaction_uid: r.uid,
                type: this.refundTypeAs,
                amount: r.amount,
                more_info: r.moreInfo,
                status_code: r.statusCode,
              })),
            }
          : {};
        return { status: 200, body: envelope({ ...this.view(tx), ...related }) };
      }
      case 'Transactions/RefundByTransactionUID': {
        const parsed = refundBody.safeParse(body);
        if (!parsed.success) return invalid(parsed.error);
        const charge = this.transactions.get(parsed.data.transaction_uid);
        if (charge?.type !== 'charge' || charge.statusCode !== '000')
          return { status: 422, body: refusal('transaction not found or not approved', 422) };
        const refunded = this.refundsOf(charge.uid).reduce((sum, r) => sum + Math.round(r.amount * 100), 0);
        if (Math.round(parsed.data.amount * 100) > Math.round(charge.amount * 100) - refunded)
          return { status: 422, body: refusal('refund amount is bigger than the amount left to refund', 422) };
        const refund: Transaction = {
          ...charge,
          uid: crypto.randomUUID(),
          type: 'refund',
          pageUid: null,
          parentUid: charge.uid,
          amount: parsed.data.amount,
          moreInfo: parsed.data.more_info ?? '',
        };
        this.transactions.set(refund.uid, refund);
        return {
          status: 200,
          body: envelope({
            transaction: { uid: refund.uid, amount: refund.amount, status_code: '000', type: 'refund' },
          }),
        };
      }
      case 'Transactions/Charge': {
        const parsed = chargeBody.safeParse(body);
        if (!parsed.success) return invalid(parsed.error);
        const d = parsed.data;
        if (d.terminal_uid !== PAYPLUS_TEST_KEYS.terminalUid || d.cashier_uid !== PAYPLUS_TEST_KEYS.cashierUid)
          return { status: 422, body: refusal('terminal or cashier not found', 422) };
        const card = [...this.transactions.values()].find((t) => t.token === d.token && t.type === 'charge');
        if (!card) return { status: 422, body: refusal('token not found', 422) };
        const tx: Transaction = {
          uid: crypto.randomUUID(),
          type: 'charge',
          pageUid: null,
          parentUid: null,
          statusCode: card.fourDigits === '0002' ? '004' : '000',
          amount: d.amount,
          moreInfo: d.more_info ?? '',
          method: 'token',
          token: null,
          customerUid: card.customerUid,
          fourDigits: card.fourDigits,
        };
        this.transactions.set(tx.uid, tx);
        return {
          status: 200,
          body: envelope({ transaction: { uid: tx.uid, amount: tx.amount, status_code: tx.statusCode } }),
        };
      }
      default:
        return { status: 404, body: refusal(`no such call: ${path}`, 404) };
    }
  }

  /** A transaction as ipn answers it. */
  private view(tx: Transaction) {
    return {
      transaction_uid: tx.uid,
      page_request_uid: tx.pageUid ?? undefined,
      status_code: tx.statusCode,
      status_description: tx.statusCode === '000' ? 'approved' : 'declined',
      amount: tx.amount,
      currency: 'ILS',
      more_info: tx.moreInfo,
      method: tx.method,
      customer_uid: tx.customerUid,
      card_information: { four_digits: tx.fourDigits, expiry_month: '12', expiry_year: '30', token: tx.token },
    };
  }

  /** The hosted page: GET shows it, POST pays (a card, or bit) and sends the frame on. */
  private async page(req: http.IncomingMessage, res: http.ServerResponse, url: URL, raw: string): Promise<void> {
    const uid = url.pathname.slice('/pay/'.length);
    const page = this.pages.get(uid);
    const html = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html lang="he" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>תשלום מאובטח</title></head><body><main>${body}</main></body></html>`,
      );
    };
    if (!page) return html(404, '<h1>דף התשלום לא נמצא</h1>');
    const minutes = Number(page.request.expiry_datetime ?? '30');
    if (Date.now() - page.createdAt > minutes * 60_000) return html(410, '<h1>תוקף דף התשלום פג</h1>');
    if (page.transactionUid && this.transactions.get(page.transactionUid)?.statusCode === '000')
      return html(409, '<h1>התשלום כבר בוצע</h1>');
    const bitOnly = page.request.charge_default === 'bit';
    if (req.method === 'GET') {
      const amount = `₪${page.request.amount.toFixed(2)}`;
      const form = bitOnly
        ? `<form method="post"><input type="hidden" name="method" value="bit"><button type="submit">אישור התשלום בביט</button></form>`
        : `<form method="post"><input type="hidden" name="method" value="credit-card">
<p><label for="card">מספר כרטיס</label><input id="card" name="card" inputmode="numeric" autocomplete="cc-number"></p>
<p><label for="expiry">תוקף (חודש/שנה)</label><input id="expiry" name="expiry" placeholder="MM/YY" autocomplete="cc-exp"></p>
<p><label for="cvv">קוד אבטחה</label><input id="cvv" name="cvv" inputmode="numeric" autocomplete="cc-csc"></p>
<p><label for="id">תעודת זהות</label><input id="id" name="id" inputmode="numeric"></p>
<button type="submit">לתשלום ${esc(amount)}</button></form>`;
      return html(200, `<h1>תשלום מאובטח</h1><p>סכום לתשלום: ${esc(amount)}</p>${form}`);
    }
    const fields = new URLSearchParams(raw);
    const method = fields.get('method') === 'bit' && bitOnly ? 'bit' : 'credit-card';
    const digits = (fields.get('card') ?? '').replace(/\D/g, '');
    if (method === 'credit-card') {
      const problems = [
        ...(/^\d{13,19}$/.test(digits) ? [] : ['מספר הכרטיס אינו תקין']),
        ...(/^(0[1-9]|1[0-2])\/\d{2}$/.test(fields.get('expiry') ?? '') ? [] : ['תוקף הכרטיס אינו תקין']),
        ...(/^\d{3,4}$/.test(fields.get('cvv') ?? '') ? [] : ['קוד האבטחה אינו תקין']),
      ];
      if (problems.length)
        return html(422, `<h1>תשלום מאובטח</h1><ul role="alert">${problems.map((p) => `<li>${p}</li>`).join('')}</ul>`);
    }
    const statusCode = method === 'bit' ? '000' : (CARD_CODES[digits] ?? '004');
    const tx: Transaction = {
      uid: crypto.randomUUID(),
      type: 'charge',
      pageUid: uid,
      parentUid: null,
      statusCode,
      amount: page.request.amount,
      moreInfo: page.request.more_info ?? '',
      method,
      token: page.request.create_token && statusCode === '000' && method !== 'bit' ? crypto.randomUUID() : null,
      customerUid: page.request.create_token ? crypto.randomUUID() : null,
      fourDigits: method === 'bit' ? '' : digits.slice(-4),
    };
    this.transactions.set(tx.uid, tx);
    page.transactionUid = tx.uid;
    if (statusCode === '000' || page.request.send_failure_callback) await this.sendCallback(page.uid);
    const back = new URL(statusCode === '000' ? page.request.refURL_success : page.request.refURL_failure);
    back.searchParams.set('page_request_uid', uid);
    back.searchParams.set('transaction_uid', tx.uid);
    back.searchParams.set('status_code', statusCode);
    res.writeHead(303, { location: back.href });
    res.end();
  }

  /** The callback PayPlus sends to refURL_callback, signed with the secret key. */
  callbackBody(pageUid: string): string {
    const page = this.pages.get(pageUid);
    const tx = this.transactions.get(page?.transactionUid ?? '');
    if (!page || !tx) throw new Error(`page ${pageUid} has no transaction`);
    return JSON.stringify({
      transaction_type: 'Charge',
      transaction: {
        uid: tx.uid,
        payment_page_request_uid: page.uid,
        status_code: tx.statusCode,
        amount: tx.amount,
        currency: 'ILS',
        more_info: tx.moreInfo,
        approval_number: '0621514D',
        voucher_number: '22-365-77',
      },
      data: {
        customer_uid: tx.customerUid,
        card_information: { four_digits: tx.fourDigits, expiry_month: '12', expiry_year: '30', token: tx.token },
      },
    });
  }

  /** Sends (again) a page's callback, signed with the secret key, or with another one (a forgery). */
  sendCallback(pageUid: string, secret: string = PAYPLUS_TEST_KEYS.secretKey): Promise<Callback> {
    const url = this.pages.get(pageUid)?.request.refURL_callback ?? '';
    return this.post(url, this.callbackBody(pageUid), secret);
  }

  /** POSTs a callback body to a URL signed with a secret (the test's forgeries use another). */
  async post(url: string, body: string, secret: string, userAgent = 'PayPlus'): Promise<Callback> {
    const headers = {
      'content-type': 'application/json',
      'user-agent': userAgent,
      hash: crypto.createHmac('sha256', secret).update(body).digest('base64'),
    };
    let status = 0;
    try {
      status = (await fetch(url, { method: 'POST', headers, body })).status;
    } catch {
      status = 0;
    }
    const callback = { url, body, headers, status };
    this.callbacks.push(callback);
    return callback;
  }
}

/** The settings of an app that pays through this double. */
export function payplusSettingsFor(double: PayPlusDouble): Record<string, string> {
  return {
    PAYMENT_PROVIDER: 'payplus',
    PAYPLUS_API_KEY: PAYPLUS_TEST_KEYS.apiKey,
    PAYPLUS_SECRET_KEY: PAYPLUS_TEST_KEYS.secretKey,
    PAYPLUS_PAYMENT_PAGE_UID: PAYPLUS_TEST_KEYS.pageUid,
    PAYPLUS_TERMINAL_UID: PAYPLUS_TEST_KEYS.terminalUid,
    PAYPLUS_CASHIER_UID: PAYPLUS_TEST_KEYS.cashierUid,
    PAYPLUS_API_BASE: double.apiBase,
    PAYPLUS_PAGE_ORIGIN: double.origin,
    PAYPLUS_TIMEOUT_MS: '5000',
  };
}
