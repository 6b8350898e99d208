/**
 * The operator console in Chromium: the demo operator signs in with the password and a code from its authenticator
 * secret and reaches the console and its audit log; an invited member sets a password through the one-time link,
 * enrols an authenticator from the key the page shows, gets ten recovery codes and reaches the first section of the
 * role given, and only its sections; wrong codes send a member back to the password, then lock the sign-in, said in
 * Hebrew, and the admin sees the lock; a customer's session does not open the console. Axe finds nothing on each
 * screen.
 */

import { TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, DESKTOP, newPage, PHONE, screenshot } from '../support/browser.ts';
import type { Product } from '../support/product.ts';
import { DEMO_PRIVATE, lastEmail, loginThroughApi, pathOf } from '../support/session.ts';
import { useProductAndBrowser } from '../support/suite.ts';
import { codeOf, freshCode, OPERATOR, openSection, operatorSignIn } from './operator-helpers.ts';
import { csrfOf } from './wizard-helpers.ts';

let product: Product;
let browser: Browser;
useProductAndBrowser((p, b) => {
  product = p;
  browser = b;
});

async function signIn(page: Page, email: string, password: string) {
  await page.getByRole('heading', { name: 'כניסת צוות', level: 1 }).waitFor();
  await page.getByLabel('דוא"ל').fill(email);
  await page.getByLabel('סיסמה').fill(password);
  await page.getByRole('button', { name: 'המשך' }).click();
}

describe('the operator console', () => {
  it('the demo operator signs in with the password and the app’s code, and sees the audit log', async () => {
    const page = await newPage(browser, PHONE);
    await page.goto(`${product.url}/operator`);
    await page.getByRole('heading', { name: 'כניסת צוות', level: 1 }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'operator-login-375');
    // A wrong password is refused in Hebrew and opens nothing.
    await signIn(page, OPERATOR.email, 'Wrong1234');
    await page.getByText('הדוא"ל או הסיסמה שגויים').waitFor();
    await page.getByLabel('סיסמה').fill(OPERATOR.password);
    await page.getByRole('button', { name: 'המשך' }).click();
    await page.getByRole('heading', { name: 'קוד אימות', level: 1 }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('קוד מהאפליקציה').fill('12ab');
    expect(await page.getByLabel('קוד מהאפליקציה').inputValue()).toBe('12');
    await page.getByLabel('קוד מהאפליקציה').fill(await freshCode(OPERATOR.secret));
    await page.getByRole('button', { name: 'כניסה', exact: true }).click();
    await page.getByText('שלום מפעיל הדגמה').waitFor();
    await page.getByText('תפקיד: מנהל מערכת').waitFor();
    await openSection(page, 'יומן פעולות הצוות');
    const log = page.getByTestId('audit-log');
    await log.waitFor();
    expect(await log.getByRole('cell', { name: 'כניסה', exact: true }).count()).toBeGreaterThan(0);
    expect(await log.getByRole('cell', { name: 'כניסה שנכשלה' }).count()).toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'operator-console-375');

    // Support (an admin serves in every role): find the demo customer, block the account, lift the block.
    await openSection(page, 'לקוחות');
    await page.getByLabel('דוא"ל, טלפון או מספר מודעה').fill(DEMO_PRIVATE.email);
    await page.getByRole('button', { name: 'חיפוש', exact: true }).click();
    const card = page.getByTestId('customers').getByRole('listitem').first();
    await card.getByText('החשבון פעיל').waitFor();
    await card.getByRole('button', { name: 'חסימת החשבון' }).click();
    await card.getByRole('button', { name: 'חסימה', exact: true }).click();
    await card.getByText('יש לכתוב את סיבת החסימה').waitFor();
    await card.getByLabel('סיבת החסימה').fill('פרסום מודעות מטעות');
    await card.getByRole('button', { name: 'חסימה', exact: true }).click();
    await card.getByText('החשבון חסום: פרסום מודעות מטעות').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'operator-support-375');
    // The customer's login, as the login form sends it.
    const refused = await browser.newPage();
    await refused.request.get(`${product.url}/api/auth/customer`);
    const tryLogin = async () => {
      const csrf = (await refused.context().cookies(product.url)).find((c) => c.name === 'csrf')?.value ?? '';
      return refused.request.post(`${product.url}/api/auth/login`, {
        data: { username: DEMO_PRIVATE.email, password: DEMO_PRIVATE.password },
        headers: { 'x-csrf-token': csrf },
      });
    };
    const blockedLogin = await tryLogin();
    expect(blockedLogin.status()).toBe(403);
    expect((await blockedLogin.json()).errors[0].msg).toMatch(/החשבון הזה נחסם/);
    await card.getByRole('button', { name: 'ביטול החסימה' }).click();
    await card.getByText('החשבון פעיל').waitFor();
    expect((await tryLogin()).status()).toBe(200);
    await refused.close();

    // An invited member: the admin's form answers a one-time link, and the list shows the new member.
    const email = `finance-${Date.now()}@example.co.il`;
    await openSection(page, 'אנשי הצוות');
    await page.getByRole('button', { name: 'יצירת קישור הגדרה' }).click();
    await page.getByText('כתובת הדוא"ל אינה תקינה').waitFor();
    await page.getByLabel('שם', { exact: true }).fill('דנה כספים');
    await page.getByLabel('דוא"ל', { exact: true }).fill(email);
    await page.getByLabel('תפקיד').selectOption({ label: 'כספים' });
    await page.getByRole('button', { name: 'יצירת קישור הגדרה' }).click();
    const setupLink = new URL(await page.getByTestId('setup-link').innerText());
    await page.getByTestId('staff-list').getByText(email).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'operator-staff-375');

    const member = await newPage(browser, DESKTOP);
    await member.goto(`${product.url}${setupLink.pathname}${setupLink.search}`);
    await member.getByRole('heading', { name: 'הגדרת החשבון במסוף', level: 1 }).waitFor();
    await member.getByLabel('סיסמה חדשה').fill('Finance123');
    await member.getByRole('button', { name: 'שמירת הסיסמה' }).click();
    await member.getByRole('heading', { name: 'הגדרת אפליקציית אימות', level: 1 }).waitFor();
    await member.getByRole('img', { name: 'קוד QR להוספת החשבון לאפליקציית האימות' }).waitFor();
    const secret = (await member.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await axeViolations(member)).toEqual([]);
    await screenshot(member, 'operator-enrol-1280');
    await member.getByLabel('קוד מהאפליקציה').fill(codeOf(secret));
    await member.getByRole('button', { name: 'אישור והמשך' }).click();
    const codes = member.getByTestId('recovery-codes');
    await codes.waitFor();
    expect(await codes.getByRole('listitem').count()).toBe(10);
    await member.getByRole('button', { name: 'שמרתי את הקודים' }).click();
    await member.getByText('תפקיד: כספים').waitFor();
    // The first section of the role, in place of the setup link's address; the audit log is the admin's.
    await member.getByTestId('finance').waitFor();
    expect(pathOf(member)).toBe('/operator/finance');
    const nav = member.getByRole('navigation', { name: 'אזורי המסוף' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(['תשלומים והחזרים']);
    expect(await member.getByTestId('audit-log').count()).toBe(0);
    // The link works once.
    const again = await newPage(browser, PHONE);
    await again.goto(`${product.url}${setupLink.pathname}${setupLink.search}`);
    await again.getByLabel('סיסמה חדשה').fill('Finance123');
    await again.getByRole('button', { name: 'שמירת הסיסמה' }).click();
    await again.getByText(/הקישור אינו תקף/).waitFor();
  });

  it('wrong codes send a member back to the password, then lock the sign-in; the admin sees the lock', async () => {
    // The admin invites a member, who sets a password and enrols an authenticator (through the calls the pages make).
    const admin = await newPage(browser, DESKTOP);
    await operatorSignIn(admin, product.url);
    const email = `locked-${Date.now()}@example.co.il`;
    const invited = await admin.request.post(`${product.url}/api/operator/staff`, {
      data: { email, name: 'נועם תמיכה', role: 'support' },
      headers: { 'x-csrf-token': await csrfOf(admin, product.url) },
    });
    const token = new URL((await invited.json()).setupLink).searchParams.get('token');
    const page = await newPage(browser, { width: 390, height: 844 });
    const csrf = await csrfOf(page, product.url);
    const call = (path: string, data: unknown) =>
      page.request.post(`${product.url}/api/operator/${path}`, { data, headers: { 'x-csrf-token': csrf } });
    expect((await call('setup', { token, password: 'Support123' })).status()).toBe(200);
    const { secret } = await (await call('enrolment/start', {})).json();
    expect((await call('enrolment/confirm', { code: codeOf(secret) })).status()).toBe(200);
    await call('logout', {});
    // A code the app shows neither now nor half a minute either side.
    const shown = [-30_000, 0, 30_000].map((d) =>
      new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + d }),
    );
    const wrong = ['000000', '111111', '222222', '333333'].find((c) => !shown.includes(c)) ?? '444444';
    const fiveWrongCodes = async () => {
      await page.getByRole('heading', { name: 'קוד אימות', level: 1 }).waitFor();
      for (let i = 0; i < 5; i++) {
        await page.getByLabel('קוד מהאפליקציה').fill(wrong);
        await page.getByRole('button', { name: 'כניסה', exact: true }).click();
        if (i < 4) await page.getByText(`הקוד שגוי`).waitFor();
      }
    };

    // Five wrong codes: back to the password, told why.
    await page.goto(`${product.url}/operator`);
    await signIn(page, email, 'Support123');
    await fiveWrongCodes();
    await page.getByRole('heading', { name: 'כניסת צוות', level: 1 }).waitFor();
    await page.getByRole('alert').getByText('הוקלדו 5 קודים שגויים. יש להיכנס שוב עם הדוא"ל והסיסמה').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'operator-too-many-codes-390');

    // The right password again buys no new guesses: five more lock the sign-in.
    await signIn(page, email, 'Support123');
    await fiveWrongCodes();
    const lock = page.getByRole('alert').getByText(/^הכניסה לחשבון נעולה עד \d\d:\d\d בגלל קודי אימות שגויים רבים/);
    await lock.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'operator-locked-390');
    // The right password says so again, and asks for no code.
    await signIn(page, email, 'Support123');
    await lock.waitFor();
    expect(await page.getByLabel('קוד מהאפליקציה').count()).toBe(0);
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'operator-locked-1280');
    expect((await lastEmail(product.url, email, product.sandboxKey))?.subject).toBe(
      'הכניסה לחשבון שלכם במסוף התפעול ננעלה',
    );

    // The admin sees the lock on the staff list and in the audit log, each at its section's address.
    await admin.goto(`${product.url}/operator/staff`);
    await admin
      .getByTestId('staff-list')
      .getByRole('listitem')
      .filter({ hasText: email })
      .getByText(/^הכניסה נעולה עד \d\d\/\d\d\/\d{4} \d\d:\d\d \(קודי אימות שגויים\)$/)
      .waitFor();
    await screenshot(admin, 'operator-staff-locked-1280');
    await admin.goto(`${product.url}/operator/audit`);
    const row = admin.getByTestId('audit-log').getByRole('row').filter({ hasText: 'נעילת הכניסה אחרי קודים שגויים' });
    await row.getByText(/10 קודי אימות שגויים בשעה · הכניסה נעולה עד/).waitFor();
    expect(await axeViolations(admin)).toEqual([]);
    await screenshot(admin, 'operator-audit-locked-1280');
    await admin.setViewportSize({ width: 390, height: 844 });
    await screenshot(admin, 'operator-audit-locked-390');
    await admin.close();
    await page.close();
  });

  it('a customer’s session does not open the console', async () => {
    const page = await newPage(browser, PHONE);
    await loginThroughApi(page, product.url, DEMO_PRIVATE.email, DEMO_PRIVATE.password);
    await page.goto(`${product.url}/operator`);
    await page.getByRole('heading', { name: 'כניסת צוות', level: 1 }).waitFor();
    expect((await page.request.get(`${product.url}/api/operator/me`)).status()).toBe(401);
  });

  it('support answers a contact-us message from the inbox, and sees an account’s activity and resets its limits', async () => {
    const visitor = await newPage(browser, DESKTOP);
    const sent = await visitor.request.post(`${product.url}/api/contact-us/save`, {
      data: {
        subject: 'publish-question',
        description: 'איך מעלים תמונה נוספת למודעה שכבר פורסמה?',
        email: 'asker@example.co.il',
        phone: '050-7654321',
      },
      headers: { 'x-csrf-token': await csrfOf(visitor, product.url) },
    });
    expect(sent.status()).toBe(200);
    await visitor.close();

    const page = await newPage(browser, DESKTOP);
    await operatorSignIn(page, product.url);
    await openSection(page, 'פניות "צרו קשר"');
    const inbox = page.getByTestId('inbox');
    const message = inbox.getByRole('listitem').filter({ hasText: 'איך מעלים תמונה נוספת' });
    await message.waitFor();
    await message.getByLabel('התשובה ללקוח').fill('בעמוד "המודעות שלי" בוחרים "עריכה", ושם אפשר להוסיף תמונות.');
    expect(await axeViolations(page)).toEqual([]);
    await message.getByRole('button', { name: 'שליחת התשובה' }).click();
    await message.getByText('התשובה נשלחה').waitFor();
    await inbox.getByRole('button', { name: /נענו \(1\)/ }).click();
    await inbox.getByText('טופלה על ידי operator@demo.co.il', { exact: false }).waitFor();

    // The demo customer's account: its activity, and its login failures cleared.
    await openSection(page, 'לקוחות');
    await page.getByLabel('דוא"ל, טלפון או מספר מודעה').fill(DEMO_PRIVATE.email);
    await page.getByRole('button', { name: 'חיפוש', exact: true }).click();
    const card = page.getByTestId('customers').getByRole('listitem').first();
    await card.getByRole('button', { name: 'פעילות החשבון' }).click();
    await card.getByRole('heading', { name: 'טלפונים' }).waitFor();
    await card.getByRole('button', { name: 'איפוס ניסיונות הכניסה' }).click();
    // The button's answer (the audit table below may say the same words once it reloads).
    await card.getByRole('status').getByText(/אופס/).waitFor();
    // The account's page lists what staff did to it.
    await card
      .getByTestId(/^customer-audit-/)
      .getByText('איפוס ניסיונות כניסה')
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'operator-support-activity-1280');
    await page.close();
  });
});
