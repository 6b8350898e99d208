import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, DESKTOP, newPage, PHONE, screenshot } from '../support/browser.ts';
import type { Product } from '../support/product.ts';
import { DEMO_PRIVATE, lastEmail, pathOf, query } from '../support/session.ts';
import { useProductAndBrowser } from '../support/suite.ts';

let product: Product;
let browser: Browser;
useProductAndBrowser((p, b) => {
  product = p;
  browser = b;
});

const dialog = (page: Page) => page.getByRole('dialog');
const form = (page: Page) => dialog(page).locator('form');
const userButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /מיכל אברהם/ });

async function codeFromOutbox(email: string): Promise<string> {
  const mail = await lastEmail(product.url, email, product.sandboxKey);
  const code = /(\d{5})/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no code e-mailed to ${email}`);
  return code;
}

describe('accounts in Chromium', () => {
  it('register, log out with confirmation, wrong password, recover through the outbox, 5 wrong codes, log in again', async () => {
    const page = await newPage(browser, DESKTOP);
    const email = `e2e.${Date.now()}@example.co.il`;
    await page.goto(`${product.url}/publish`);
    await expect
      .poll(() => page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]))
      .toEqual(['he', 'rtl']);

    // Register from the top bar's login button.
    await page.getByRole('banner').getByRole('button', { name: 'התחברות' }).click();
    await expect.poll(() => dialog(page).getAttribute('aria-labelledby')).toBeTruthy();
    expect(await dialog(page).evaluate((d) => d.getBoundingClientRect().width)).toBe(700);
    expect(await page.evaluate(() => document.body.classList.contains('popup-opened'))).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'login-popup-1280');
    await dialog(page).getByRole('button', { name: 'הרשמה' }).click();
    await expect.poll(() => form(page).getAttribute('data-step')).toBe('signUp');
    await dialog(page).getByLabel('שם פרטי').fill('מיכל');
    await dialog(page).getByLabel('שם משפחה').fill('אברהם');
    await dialog(page).getByLabel('דואר אלקטרוני').fill(email);
    await dialog(page).getByLabel('סיסמה', { exact: true }).fill('Start123');
    await dialog(page).getByLabel('אימות סיסמה').fill('Start123');
    await form(page).getByRole('button', { name: 'הרשמה' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    await userButton(page).waitFor();
    expect(await page.evaluate(() => document.body.classList.contains('popup-opened'))).toBe(false);

    // Logout needs confirmation.
    await userButton(page).click();
    await page.getByRole('menuitem', { name: 'התנתקות' }).click();
    await expect.poll(() => dialog(page).getByRole('heading').first().textContent()).toBe('התנתקות');
    await dialog(page).getByRole('button', { name: 'התנתקות' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'התחברות' }).waitFor();
    const me = await page.evaluate(async () => (await fetch('/api/auth/customer')).json());
    expect(me.CustID).toBe(0);

    // Signed out, this browser knows her: greeted by name, her e-mail filled in, the password to type next.
    await page.getByRole('banner').getByRole('button', { name: 'התחברות' }).click();
    expect(await dialog(page).getByTestId('known-visitor').textContent()).toContain('שלום מיכל, טוב לראות אותך שוב');
    expect(await dialog(page).getByLabel('דואר אלקטרוני').inputValue()).toBe(email);
    await expect
      .poll(() =>
        dialog(page)
          .getByLabel('סיסמה', { exact: true })
          .evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'login-known-visitor-1280');

    // A wrong password: the server's message under the named field, which gets the focus.
    await dialog(page).getByLabel('דואר אלקטרוני').fill(email);
    await dialog(page).getByLabel('סיסמה', { exact: true }).fill('Wrong123');
    await form(page).getByRole('button', { name: 'התחברות' }).click();
    const password = dialog(page).getByLabel('סיסמה', { exact: true });
    await expect.poll(() => password.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await password.getAttribute('aria-describedby')) ?? '';
    const errorText = await page.evaluate(
      (ids) =>
        ids
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' '),
      describedBy,
    );
    expect(errorText).toContain('כתובת הדואר האלקטרוני או הסיסמה שגויים');
    expect(await password.evaluate((el) => el === document.activeElement)).toBe(true);
    await screenshot(page, 'login-wrong-password-1280');

    // Forgot password: the code arrives in the sandbox outbox.
    await dialog(page).getByRole('button', { name: 'שכחתי סיסמה' }).click();
    await expect.poll(() => form(page).getAttribute('data-step')).toBe('forgetPass');
    await dialog(page).getByLabel('דואר אלקטרוני').fill(email);
    await form(page).getByRole('button', { name: 'שליחת קוד' }).click();
    await expect.poll(() => form(page).getAttribute('data-step')).toBe('confirmCode');
    const firstCode = await codeFromOutbox(email);
    const wrong = String((Number(firstCode) + 1) % 100000).padStart(5, '0');

    // Five wrong codes: back to forgetPass, the code cleared.
    for (let i = 1; i <= 5; i++) {
      await dialog(page).getByLabel('קוד אימות').fill(wrong);
      await form(page).getByRole('button', { name: 'אימות קוד' }).click();
      if (i < 5) await expect.poll(() => dialog(page).getByRole('alert').textContent()).toContain(`נותרו ${5 - i}`);
    }
    await expect.poll(() => form(page).getAttribute('data-step')).toBe('forgetPass');
    await screenshot(page, 'forgot-after-five-wrong-codes-1280');
    await form(page).getByRole('button', { name: 'שליחת קוד' }).click();
    await expect.poll(() => form(page).getAttribute('data-step')).toBe('confirmCode');
    expect(await dialog(page).getByLabel('קוד אימות').inputValue()).toBe('');
    const code = await codeFromOutbox(email);
    expect(code).not.toBe(firstCode === code ? '' : firstCode);

    // The right code, a new password, and an automatic login.
    await dialog(page).getByLabel('קוד אימות').fill(code);
    await form(page).getByRole('button', { name: 'אימות קוד' }).click();
    await expect.poll(() => form(page).getAttribute('data-step')).toBe('newPassState');
    await dialog(page).getByLabel('סיסמה חדשה', { exact: true }).fill('Renewed456');
    await dialog(page).getByLabel('אימות סיסמה חדשה').fill('Renewed456');
    await form(page).getByRole('button', { name: 'שמירת סיסמה' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    await userButton(page).waitFor();

    // Log out and in again with the new password.
    await userButton(page).click();
    await page.getByRole('menuitem', { name: 'התנתקות' }).click();
    await dialog(page).getByRole('button', { name: 'התנתקות' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'התחברות' }).click();
    await dialog(page).getByLabel('דואר אלקטרוני').fill(email);
    await dialog(page).getByLabel('סיסמה', { exact: true }).fill('Renewed456');
    await form(page).getByRole('button', { name: 'התחברות' }).click();
    await userButton(page).waitFor();

    // Someone else at this computer: 'not your account?' forgets her.
    await userButton(page).click();
    await page.getByRole('menuitem', { name: 'התנתקות' }).click();
    await dialog(page).getByRole('button', { name: 'התנתקות' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'התחברות' }).click();
    await dialog(page).getByRole('button', { name: 'לא החשבון שלך? כניסה עם משתמש אחר' }).click();
    expect(await dialog(page).getByTestId('known-visitor').count()).toBe(0);
    expect(await dialog(page).getByLabel('דואר אלקטרוני').inputValue()).toBe('');
    expect(await page.evaluate(() => localStorage.getItem('known-visitor'))).toBeNull();
    await page.close();
  });

  it('the login popup is full width on a phone', async () => {
    const page = await newPage(browser, PHONE);
    await page.goto(`${product.url}/publish`);
    await page.getByRole('banner').getByRole('button', { name: 'התחברות' }).click();
    await dialog(page).waitFor();
    expect(await dialog(page).evaluate((d) => Math.round(d.getBoundingClientRect().width))).toBe(375);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'login-popup-375');
    // Browser back closes the popup.
    await page.goBack();
    await dialog(page).waitFor({ state: 'detached' });
    await page.close();
  });

  it('a guest who picks a category lands on /login and returns to it after logging in', async () => {
    const page = await newPage(browser, DESKTOP);
    await page.goto(`${product.url}/publish`);
    await page.getByRole('button', { name: 'להתחיל רכב', exact: true }).click();
    await dialog(page).getByRole('button', { name: 'פרטי' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    expect(query(page).continue).toBe('/publish?cat=1');
    await page.getByRole('heading', { level: 1, name: 'התחברות לאזור האישי' }).waitFor();
    await page.getByRole('navigation', { name: 'קטגוריות' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'login-page-1280');
    await page.getByLabel('דואר אלקטרוני').fill(DEMO_PRIVATE.email);
    await page.getByLabel('סיסמה', { exact: true }).fill(DEMO_PRIVATE.password);
    await page.getByRole('main').getByRole('button', { name: 'התחברות' }).click();
    await page.waitForURL((u) => u.pathname === '/publish');
    expect(query(page)).toEqual({ cat: '1' });
    await page.getByTestId('picker-vehicles').waitFor();
    expect(pathOf(page)).toBe('/publish');
    await page.close();
  });
});
