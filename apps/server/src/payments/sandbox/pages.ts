/**
 * The hosted pages of the payment sandbox (Hebrew, right to left): the card form, the one-time-code challenge, the
 * mobile-payment page with its QR code, and the phone's approval page. Server-rendered HTML with no inline script
 * or style (the page's CSP is script-src 'self'); the forms work without JavaScript, pay.js only polls the
 * mobile-payment status.
 */
import { hePay } from '../../i18n/payments.ts';
import { escapeHtml, hebrewPage } from '../../platform/http/second-origin.ts';
import { type CardField, type CardForm, TEST_CARD_LIST } from './card-form.ts';
import type { SandboxSession } from './sandbox-repository.ts';

export const esc = escapeHtml;

/** ₪1,234.50 style, for the amount line. */
export function shekels(agorot: number): string {
  const whole = Math.floor(agorot / 100);
  const cents = agorot % 100;
  return `₪${whole.toLocaleString('en-US')}${cents ? `.${String(cents).padStart(2, '0')}` : ''}`;
}

function layout(title: string, body: string): string {
  return hebrewPage({
    title,
    head: '<link rel="stylesheet" href="/assets/pay.css">\n<script src="/assets/pay.js" defer></script>',
    body: `<main class="pay">
<p class="banner" role="note">${esc(hePay.sandboxBanner)}</p>
${body}
</main>`,
  });
}

function summary(session: SandboxSession): string {
  // A card only checked and kept (nothing charged now) says so instead of an amount.
  const amount =
    session.amountAgorot === 0
      ? `<span>${esc(hePay.keepCardNote)}</span>`
      : `<span>${esc(hePay.amountLabel)}: <bdi>${esc(shekels(session.amountAgorot))}</bdi></span>`;
  return `<p class="summary"><span>${esc(session.description)}</span>
${amount}</p>`;
}

function field(
  id: CardField | 'expYear',
  label: string,
  input: string,
  error: string | undefined,
  describedBy = `${id}-error`,
): string {
  return `<div class="field${error ? ' invalid' : ''}">
<label for="${id}">${esc(label)}</label>
${input.replace('<input', `<input aria-invalid="${error ? 'true' : 'false'}"${error ? ` aria-describedby="${describedBy}"` : ''}`).replace('<select', `<select aria-invalid="${error ? 'true' : 'false'}"${error ? ` aria-describedby="${describedBy}"` : ''}`)}
${error ? `<p class="error" id="${describedBy}">${esc(error)}</p>` : ''}
</div>`;
}

/** A card number in groups of four, as printed on a card. */
const grouped = (digits: string): string => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

/**
 * The sandbox's test cards and what each does (test-cards.json), folded under the banner: this page is the
 * sandbox's own, so a real provider's card page never shows them.
 */
function testCards(): string {
  const items = TEST_CARD_LIST.map(
    (c) =>
      `<li><bdi dir="ltr" class="test-card">${esc(grouped(c.number))}</bdi> <span>${esc(hePay.testCards[c.behaviour])}</span></li>`,
  ).join('');
  return `<details class="test-cards" data-testid="test-cards">
<summary>${esc(hePay.testCardsTitle)}</summary>
<p>${esc(hePay.testCardsText)}</p>
<ul>${items}</ul>
</details>`;
}

/** The card form, with per-field errors after a refused submit (the values typed, except the CVV, kept). */
export function cardPage(
  session: SandboxSession,
  state: { form?: Partial<CardForm>; errors?: Partial<Record<CardField, string>>; message?: string } = {},
  thisYear = new Date().getUTCFullYear(),
): string {
  const form = state.form ?? {};
  const errors = state.errors ?? {};
  const months = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));
  const years = Array.from({ length: 12 }, (_, i) => String(thisYear + i));
  const option = (value: string, text: string, selected: string | undefined) =>
    `<option value="${esc(value)}"${selected === value ? ' selected' : ''}>${esc(text)}</option>`;
  const count = Object.keys(errors).length;
  const body = `<h1>${esc(hePay.pageTitle)}</h1>
${testCards()}
${summary(session)}
${count ? `<div class="alert" role="alert"><p>${esc(hePay.errorsTitle)}</p></div>` : ''}
${state.message ? `<div class="alert" role="alert"><p>${esc(state.message)}</p></div>` : ''}
<form method="post" action="/pay/${esc(session.id)}" novalidate>
${field(
  'cardNumber',
  hePay.cardNumber,
  `<input id="cardNumber" name="cardNumber" dir="ltr" inputmode="numeric" autocomplete="cc-number" maxlength="23" value="${esc(form.cardNumber ?? '')}">`,
  errors.cardNumber,
)}
<fieldset class="field${errors.expMonth ? ' invalid' : ''}">
<legend>${esc(hePay.expiry)}</legend>
<label for="expMonth">${esc(hePay.expiryMonth)}</label>
<select id="expMonth" name="expMonth" autocomplete="cc-exp-month" aria-invalid="${errors.expMonth ? 'true' : 'false'}"${errors.expMonth ? ' aria-describedby="expMonth-error"' : ''}><option value="">--</option>${months.map((m) => option(m, m, form.expMonth)).join('')}</select>
<label for="expYear">${esc(hePay.expiryYear)}</label>
<select id="expYear" name="expYear" autocomplete="cc-exp-year" aria-invalid="${errors.expMonth ? 'true' : 'false'}"><option value="">----</option>${years.map((y) => option(y, y, form.expYear)).join('')}</select>
${errors.expMonth ? `<p class="error" id="expMonth-error">${esc(errors.expMonth)}</p>` : ''}
</fieldset>
${field(
  'cvv',
  hePay.cvv,
  `<input id="cvv" name="cvv" dir="ltr" inputmode="numeric" autocomplete="cc-csc" maxlength="4" value="">`,
  errors.cvv,
)}
${field(
  'idNumber',
  hePay.idNumber,
  `<input id="idNumber" name="idNumber" dir="ltr" inputmode="numeric" maxlength="9" value="${esc(form.idNumber ?? '')}">`,
  errors.idNumber,
)}
${field(
  'installments',
  hePay.installments,
  `<select id="installments" name="installments">${Array.from({ length: 12 }, (_, i) =>
    option(String(i + 1), i === 0 ? hePay.installmentsOne : hePay.installmentsMany(i + 1), form.installments ?? '1'),
  ).join('')}</select>`,
  errors.installments,
)}
<button type="submit">${
    session.amountAgorot === 0
      ? esc(hePay.keepCardButton)
      : `${esc(hePay.payButton)} <bdi>${esc(shekels(session.amountAgorot))}</bdi>`
  }</button>
</form>`;
  return layout(hePay.pageTitle, body);
}

/** The 3-D-Secure-style step: a one-time code the sandbox admin view shows. */
export function challengePage(session: SandboxSession, error?: string): string {
  const body = `<h1>${esc(hePay.challengeTitle)}</h1>
${summary(session)}
<p>${esc(hePay.challengeText)}</p>
<form method="post" action="/pay/${esc(session.id)}/challenge" novalidate>
<div class="field${error ? ' invalid' : ''}">
<label for="code">${esc(hePay.challengeCode)}</label>
<input id="code" name="code" dir="ltr" inputmode="numeric" autocomplete="one-time-code" maxlength="6" aria-invalid="${error ? 'true' : 'false'}"${error ? ' aria-describedby="code-error"' : ''}>
${error ? `<p class="error" id="code-error" role="alert">${esc(error)}</p>` : ''}
</div>
<button type="submit">${esc(hePay.challengeButton)}</button>
</form>`;
  return layout(hePay.challengeTitle, body);
}

/** The mobile-payment page: the QR code of the approval URL and the in-app approval button. */
export function mobilePage(session: SandboxSession, qrSvgDataUrl: string): string {
  const body = `<h1>${esc(hePay.mobileTitle)}</h1>
${summary(session)}
<p>${esc(hePay.mobileText)}</p>
<img class="qr" src="${esc(qrSvgDataUrl)}" alt="${esc(hePay.mobileQrAlt)}" width="200" height="200">
<form method="post" action="/pay/${esc(session.id)}/approve">
<input type="hidden" name="t" value="${esc(session.approvalToken)}">
<button type="submit" name="decision" value="approve">${esc(hePay.mobileApprove)}</button>
</form>
<p class="waiting" role="status" data-status-url="/pay/${esc(session.id)}/status">${esc(hePay.mobileWaiting)}</p>`;
  return layout(hePay.mobileTitle, body);
}

/** The phone's page behind the QR code: approve or decline. */
export function approvalPage(session: SandboxSession): string {
  const body = `<h1>${esc(hePay.mobileTitle)}</h1>
${summary(session)}
<form method="post" action="/pay/${esc(session.id)}/approve">
<input type="hidden" name="t" value="${esc(session.approvalToken)}">
<input type="hidden" name="from" value="phone">
<button type="submit" name="decision" value="approve">${esc(hePay.mobileApprove)}</button>
<button type="submit" name="decision" value="decline" class="secondary">${esc(hePay.mobileDecline)}</button>
</form>`;
  return layout(hePay.mobileTitle, body);
}

/**
 * A plain message page (approved on the phone, declined there, finished, expired, not found), announced when it
 * loads: role=status for the approval, role=alert for the others. `link` continues to the merchant (an expired
 * session in the merchant's frame goes on to its failure URL from here).
 */
export function messagePage(
  title: string,
  text: string,
  options: { link?: string; role?: 'alert' | 'status' } = {},
): string {
  const { link, role = 'alert' } = options;
  const body = `<div class="message" role="${role}"><h1>${esc(title)}</h1><p>${esc(text)}</p></div>${link ? `<p><a href="${esc(link)}" target="_self">${esc(hePay.continueLink)}</a></p>` : ''}`;
  return layout(title, body);
}
