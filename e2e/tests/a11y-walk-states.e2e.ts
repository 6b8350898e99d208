/**
 * The accessibility walk, its last states: the payment sandbox's hosted pages in each of their
 * own states, and the car sign of every vehicle kind other than the private car, each checked at 390 px and
 * 1280 px the way the other walk files check a screen (axe with zero violations, and the contrast items axe leaves
 * for review measured from the pixels: a11y-helpers.ts).
 *
 * The hosted pages' states, from apps/server/src/payments/sandbox (host.ts, pages.ts): the card form refusing its
 * fields and refusing a card it does not know; the one-time-code challenge and its wrong code; a session past its
 * lifetime (SESSION_LIFETIME_MS, made to pass through the sandbox admin call behind the sandbox key) in the card
 * popup's frame, in the app-payment popup's frame (its poll reloads into 'timed out') and on the phone; the
 * phone's approval page, approved, declined and finished; a page that does not exist. Each end state is announced
 * (role=alert, or role=status for the approval) and goes on to where it leads (the app's failure or finish page).
 * A declined card shows no refusal of its own: the provider sends the frame to the app's failure page (audited in
 * a11y-walk-more.e2e.ts, 'finish-declined-card').
 */
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { validCarAd, validVehicleAds } from '../../apps/server/test/support/vehicle-ad.ts';
import { newPage, SERVER_ROUND_TRIP } from '../support/browser.ts';
import { fillCard } from '../support/payment-card.ts';
import type { Product } from '../support/product.ts';
import { useProductAndBrowser } from '../support/suite.ts';
import { audit, auditBoth, dialog, writeMeasured } from './a11y-helpers.ts';
import { adThroughApi, loginDemo } from './edit-helpers.ts';
import { csrfOf, settled } from './wizard-helpers.ts';

let product: Product;
let browser: Browser;
useProductAndBrowser((p, b) => {
  product = p;
  browser = b;
});
afterAll(() => writeMeasured('a11y-contrast-states'));

const PHONE_390 = { width: 390, height: 844 } as const;
const SIZES = [
  ['390', PHONE_390],
  ['1280', { width: 1280, height: 900 }],
] as const;

/** The frame of the payment host (its URL has /pay/), once it has loaded. */
async function payFrame(page: Page): Promise<Frame> {
  await expect.poll(() => page.frames().some((f) => f.url().includes('/pay/')), { timeout: 15_000 }).toBe(true);
  const frame = page.frames().find((f) => f.url().includes('/pay/'));
  if (!frame) throw new Error('no payment frame');
  await frame.waitForLoadState();
  return frame;
}

/** A hosted page in its frame, checked as its own document at both widths (the popup as the page lays it out). */
async function auditFrameBoth(page: Page, screen: string, frame: Frame): Promise<void> {
  for (const [label, size] of SIZES) {
    await page.setViewportSize(size);
    await page.waitForTimeout(50);
    await audit(page, `${screen}-${label}`, frame);
  }
  await page.setViewportSize(PHONE_390);
}

/** The session id of the hosted page in the frame (/pay/{id}…). */
const sessionOf = (frame: Frame): string => {
  const id = /\/pay\/(ps_[A-Za-z0-9_-]{16})/.exec(frame.url())?.[1];
  if (!id) throw new Error(`no session in ${frame.url()}`);
  return id;
};

/** The sandbox admin call: the session's lifetime passes now (behind the sandbox key, with the CSRF header). */
async function expireSession(page: Page, id: string): Promise<void> {
  const res = await page.request.post(`${product.url}/api/sandbox/payments/sessions/${id}/expire`, {
    headers: { 'x-sandbox-key': product.sandboxKey, 'x-csrf-token': await csrfOf(page, product.url) },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** The plan step of a saved car ad, then the payment popup of the VIP track by this channel. */
async function openPayment(page: Page, orderId: number, channel: 'creditCard' | 'bit'): Promise<Frame> {
  if (!new URL(page.url()).pathname.startsWith('/publish')) {
    await page.goto(`${product.url}/publish?cat=1&subcat=1&step=6&OrderID=${orderId}`);
  }
  const track = page.getByTestId('plan-step').getByTestId('track-VIP');
  await track.waitFor();
  await settled(page);
  await track.locator('.track__choose').click();
  await dialog(page, 'איך תרצו לשלם?').getByTestId(`pay-${channel}`).click();
  const frame = await payFrame(page);
  await frame.getByRole('heading', { level: 1 }).waitFor();
  return frame;
}

/** The announced message of a hosted end page: its role, and the Hebrew title and text inside it. */
async function announced(scope: Page | Frame, role: 'alert' | 'status', title: string, text: string): Promise<void> {
  const message = scope.getByRole(role);
  await message.getByRole('heading', { level: 1, name: title }).waitFor();
  await message.getByText(text, { exact: true }).waitFor();
}

describe('the hosted card page: its refusals, the challenge, a session past its lifetime', () => {
  it('fields refused, an unknown card, the one-time code and a wrong one, expired, on to the failure page', async () => {
    const page = await newPage(browser, PHONE_390);
    await loginDemo(page, product.url);
    const orderId = await adThroughApi(page, product.url, validCarAd());
    await page.goto(`${product.url}/publish?cat=1&subcat=1&step=6&OrderID=${orderId}`);
    let frame = await openPayment(page, orderId, 'creditCard');
    const hostOrigin = new URL(frame.url()).origin;
    const card = page.frameLocator('[data-testid="card-payment-frame"]');

    // Every field refused at once: the summary announced, each field's reason tied to it.
    await card.getByLabel('חודש').selectOption('01');
    await card.getByLabel('שנה', { exact: true }).selectOption(String(new Date().getFullYear()));
    await card.getByRole('button', { name: /לתשלום/ }).click();
    await frame.getByRole('alert').getByText('יש לתקן את השדות המסומנים', { exact: true }).waitFor();
    for (const [label, error] of [
      ['מספר כרטיס', 'יש להזין את מספר הכרטיס'],
      ['קוד אבטחה (CVV)', 'קוד האבטחה צריך להיות 3 או 4 ספרות'],
      ['מספר תעודת זהות של בעל הכרטיס', 'מספר תעודת הזהות אינו תקין'],
    ] as const) {
      await expect.poll(() => card.getByLabel(label).getAttribute('aria-invalid')).toBe('true');
      expect(await card.getByLabel(label).evaluate((el) => el.getAttribute('aria-describedby'))).toBeTruthy();
      await frame.getByText(error, { exact: true }).waitFor();
    }
    // This month of this year is still valid (a card is valid through its month): only past months are refused.
    if (new Date().getMonth() > 0) await frame.getByText('תוקף הכרטיס הסתיים', { exact: true }).waitFor();
    await auditFrameBoth(page, 'hosted-card-fields-refused', frame);

    // A valid number the sandbox does not know: the provider's refusal of the card, on the number.
    await fillCard(card, '4111 1111 1111 1111');
    await card.getByRole('button', { name: /לתשלום/ }).click();
    await frame.getByText('הכרטיס אינו מוכר בסביבת הבדיקה. השתמשו באחד מכרטיסי הבדיקה', { exact: true }).waitFor();
    await frame.getByRole('alert').getByText('יש לתקן את השדות המסומנים', { exact: true }).waitFor();
    await auditFrameBoth(page, 'hosted-card-unknown-card', frame);

    // The challenge card: the one-time-code page, then a wrong code (announced on the field).
    await fillCard(card, '4000 0000 0000 3220');
    await card.getByRole('button', { name: /לתשלום/ }).click();
    await frame.getByRole('heading', { level: 1, name: 'אימות נוסף של בעל הכרטיס' }).waitFor();
    frame = await payFrame(page);
    await auditFrameBoth(page, 'hosted-card-challenge', frame);
    const code = card.getByLabel('קוד חד-פעמי');
    await code.fill('00000a');
    await card.getByRole('button', { name: 'אישור' }).click();
    await frame.getByRole('alert').getByText('הקוד שגוי. נותרו 2 ניסיונות', { exact: true }).waitFor();
    await expect.poll(() => code.getAttribute('aria-invalid')).toBe('true');
    await auditFrameBoth(page, 'hosted-card-challenge-wrong-code', frame);

    // The session's lifetime passes while the code is asked: the next submit shows the expired page, announced,
    // and its link goes on to the app's failure page (no charge).
    await expireSession(page, sessionOf(frame));
    await code.fill('123456');
    await card.getByRole('button', { name: 'אישור' }).click();
    await announced(
      frame,
      'alert',
      'פג תוקף דף התשלום',
      'הזמן שהוקצב לתשלום עבר ולא בוצע חיוב. חזרו לאתר כדי להתחיל את התשלום מחדש',
    );
    await auditFrameBoth(page, 'hosted-card-expired', frame);
    await card.getByRole('link', { name: 'להמשך' }).click();
    await page.waitForURL((u) => u.pathname === '/finishArea', { timeout: SERVER_ROUND_TRIP });
    await page
      .getByTestId('payment-failure-message')
      .getByText('הזמן שהוקצב לתשלום עבר לפני שהתשלום הושלם, ולא בוצע חיוב. אפשר להתחיל את התשלום מחדש.')
      .waitFor();

    // A page of no session: not found, announced.
    await page.goto(`${hostOrigin}/pay/ps_AAAAAAAAAAAAAAAA`);
    await announced(page, 'alert', 'דף התשלום לא נמצא', 'הקישור אינו תקין. חזרו לאתר כדי להתחיל את התשלום מחדש');
    await auditBoth(page, 'hosted-not-found', 'phone');
    await page.close();
  });
});

describe('the app payment: the phone approval page approved, declined, finished, and the approval timed out', () => {
  it('each state on the phone and in the popup frame, and where each leads', async () => {
    const page = await newPage(browser, PHONE_390);
    const phone = await newPage(browser, PHONE_390);
    await loginDemo(page, product.url);
    const orderId = await adThroughApi(page, product.url, validCarAd());
    await page.goto(`${product.url}/publish?cat=1&subcat=1&step=6&OrderID=${orderId}`);

    /** The approval URL of the QR code (the phone's page), from the session in the frame. */
    const approvalUrl = async (frame: Frame) => {
      const token = await frame.locator('input[name="t"]').first().getAttribute('value');
      return `${new URL(frame.url()).origin}/approve/${sessionOf(frame)}?t=${token}`;
    };

    // Declined on the phone: the phone says so (not 'approved'); the popup's frame goes to the failure page.
    let frame = await openPayment(page, orderId, 'bit');
    await frame.getByRole('status').getByText('ממתינים לאישור…', { exact: true }).waitFor();
    let approve = await approvalUrl(frame);
    await phone.goto(approve);
    await phone.getByRole('heading', { level: 1, name: 'תשלום באפליקציה' }).waitFor();
    await auditBoth(phone, 'phone-approval-page', 'phone');
    await phone.getByRole('button', { name: 'דחייה' }).click();
    await announced(phone, 'alert', 'התשלום נדחה', 'דחיתם את התשלום באפליקציה ולא בוצע חיוב. אפשר לחזור לאתר');
    await auditBoth(phone, 'phone-declined', 'phone');
    await page.waitForURL((u) => u.pathname === '/finishArea', { timeout: SERVER_ROUND_TRIP });
    await page.getByTestId('payment-failure').waitFor();
    // The QR code again, after the decline: that payment is over.
    await phone.goto(approve);
    await announced(phone, 'alert', 'התשלום הזה כבר הסתיים', 'אין צורך בפעולה נוספת בדף הזה. אפשר לחזור לאתר');
    await auditBoth(phone, 'phone-finished', 'phone');

    // Not approved in time: the popup's waiting page reloads into 'timed out' (announced, a link on), and the
    // phone's page says the same without one.
    frame = await openPayment(page, orderId, 'bit');
    approve = await approvalUrl(frame);
    await expireSession(page, sessionOf(frame));
    await announced(
      frame,
      'alert',
      'הזמן לאישור התשלום עבר',
      'התשלום לא אושר באפליקציה בזמן ולא בוצע חיוב. חזרו לאתר כדי לנסות שוב',
    );
    await auditFrameBoth(page, 'app-payment-timed-out', frame);
    await phone.goto(approve);
    await announced(
      phone,
      'alert',
      'הזמן לאישור התשלום עבר',
      'התשלום לא אושר באפליקציה בזמן ולא בוצע חיוב. חזרו לאתר כדי לנסות שוב',
    );
    expect(await phone.getByRole('link').count()).toBe(0);
    await auditBoth(phone, 'phone-timed-out', 'phone');
    await page.frameLocator('[data-testid="app-payment-frame"]').getByRole('link', { name: 'להמשך' }).click();
    await page.waitForURL((u) => u.pathname === '/finishArea', { timeout: SERVER_ROUND_TRIP });
    await page.getByTestId('payment-failure').waitFor();

    // Approved on the phone: the phone's page says so (a status); the popup goes on to the published ad.
    frame = await openPayment(page, orderId, 'bit');
    await phone.goto(await approvalUrl(frame));
    await phone.getByRole('button', { name: 'אישור באפליקציה' }).click();
    await announced(phone, 'status', 'התשלום אושר', 'אפשר לחזור לאתר');
    await auditBoth(phone, 'phone-approved', 'phone');
    await page.waitForURL((u) => u.pathname === '/finishArea', { timeout: SERVER_ROUND_TRIP });
    await page.getByTestId('finish-published').waitFor();
    await phone.close();
    await page.close();
  });
});

describe('the car sign of every other vehicle kind (the finish page offers it for every vehicle ad)', () => {
  it('commercial vehicle, motorcycle, scooter, special vehicle, accessory, truck, boat', async () => {
    const page = await newPage(browser, PHONE_390);
    await loginDemo(page, product.url);
    for (const kind of validVehicleAds()) {
      const orderId = await adThroughApi(page, product.url, { cat: '1', subcat: kind.subcat, ...kind.values });
      await page.goto(`${product.url}/print/carQR/${orderId}`);
      const sheet = page.getByTestId('car-sign-sheet');
      await sheet.waitFor();
      await page.getByRole('heading', { level: 1, name: `שלט למכירה למודעה מספר ${orderId}` }).waitFor();
      if (kind.title) await sheet.getByRole('heading', { level: 2, name: kind.title }).waitFor();
      await expect.poll(() => sheet.getByTestId('sign-price').textContent()).toMatch(/₪/);
      await sheet.getByRole('img', { name: 'ברקוד לצפייה במודעה' }).waitFor();
      await settled(page);
      await auditBoth(page, `car-sign-${kind.name}`, 'phone');
    }
    await page.close();
  });
});
