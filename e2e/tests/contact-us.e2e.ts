/**
 * Contact us: the floating button leads to /contactus (and is hidden there); the server's form
 * shows a field's error on blur, keeps the send button inactive while a field is empty or invalid, prefills the
 * subject by ?submailto=; an invalid phone is refused with its error, a valid message is sent, shows the success
 * message, and reaches the support outbox (read with the sandbox key); a failed send offers a retry.
 */
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, DESKTOP, newPage, screenshot } from '../support/browser.ts';
import type { Product } from '../support/product.ts';
import { useProductAndBrowser } from '../support/suite.ts';

let product: Product;
let browser: Browser;
useProductAndBrowser((p, b) => {
  product = p;
  browser = b;
});

const MOBILE = { width: 390, height: 844 } as const;

describe('contact us', () => {
  it('refuses an invalid phone with its error, sends a valid message to the support outbox', async () => {
    const page = await newPage(browser, MOBILE);
    await page.goto(`${product.url}/publish`);
    const fab = page.getByTestId('contact-fab');
    await fab.waitFor();
    await screenshot(page, 'contact-fab-publish-390');
    expect(await fab.getAttribute('aria-label')).toBe('צרו קשר עם שירות הלקוחות');
    await fab.click();
    await page.waitForURL((u) => u.pathname === '/contactus');
    await page.getByRole('heading', { name: 'צרו קשר', level: 1 }).waitFor();
    expect(await page.getByTestId('contact-fab').count()).toBe(0);

    const send = page.getByRole('button', { name: 'שליחת הפנייה' });
    expect(await send.isDisabled()).toBe(true);
    const phone = page.getByLabel('טלפון');
    // On blur, an empty required field shows its message.
    await phone.focus();
    await page.getByLabel('דוא"ל').focus();
    await page.getByText('שדה טלפון אינו תקני').waitFor();

    await page.getByLabel('נושא הפנייה').selectOption('publish-question');
    await page.getByLabel('תוכן הפנייה').fill('המודעה שלי לא מופיעה בחיפוש, מה עושים?');
    await page.getByLabel('דוא"ל').fill('dana.contact@example.co.il');
    await phone.fill('050-12345');
    await phone.blur();
    await page.getByText('שדה טלפון אינו תקני').waitFor();
    expect(await phone.getAttribute('aria-invalid')).toBe('true');
    expect(await send.isDisabled()).toBe(true);
    await screenshot(page, 'contactus-invalid-390');
    expect(await axeViolations(page)).toEqual([]);

    // The server refuses the same phone with the same message (the browser cannot send it).
    const cookies = await page.context().cookies(product.url);
    const csrf = cookies.find((c) => c.name === 'csrf')?.value ?? '';
    const refused = await page.request.post(`${product.url}/api/contact-us/save`, {
      data: {
        subject: 'publish-question',
        description: 'בדיקה',
        email: 'dana.contact@example.co.il',
        phone: '050-12345',
      },
      headers: { 'x-csrf-token': csrf },
    });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).errors).toEqual({ phone: 'שדה טלפון אינו תקני' });

    // Typing a valid number removes the message and activates the button.
    await phone.fill('050-1234567');
    await expect.poll(() => page.getByText('שדה טלפון אינו תקני').count()).toBe(0);
    expect(await send.isDisabled()).toBe(false);
    await send.click();
    const dialog = page.getByRole('dialog', { name: 'הפנייה נשלחה' });
    await dialog.waitFor();
    await screenshot(page, 'contactus-sent-390');
    await dialog.locator('.contactus__result').getByRole('button', { name: 'סגירה' }).click();
    await expect.poll(() => page.getByLabel('תוכן הפנייה').inputValue()).toBe('');

    // Support reads it in the outbox, which opens only with the sandbox key.
    const outbox = await newPage(browser, DESKTOP);
    await outbox.goto(`${product.url}/sandbox/outbox?to=support@example.co.il`);
    await outbox.getByText('הדף נפתח רק עם מפתח סביבת הבדיקות').waitFor();
    await outbox.goto(
      `${product.url}/sandbox/outbox?key=${encodeURIComponent(product.sandboxKey)}&to=support@example.co.il`,
    );
    const email = outbox.getByTestId('outbox-email').first();
    await email.waitFor();
    expect(await email.textContent()).toContain('המודעה שלי לא מופיעה בחיפוש, מה עושים?');
    expect(await email.textContent()).toContain('050-1234567');
    await page.context().close();
    await outbox.context().close();
  });

  it('prefills the subject by submailto, and shows the form at desktop size', async () => {
    const page = await newPage(browser, { width: 1280, height: 800 });
    await page.goto(`${product.url}/contactus?submailto=3`);
    const subject = page.getByLabel('נושא הפנייה');
    await subject.waitFor();
    expect(await subject.inputValue()).toBe('car-package');
    await screenshot(page, 'contactus-1280');
    expect(await axeViolations(page)).toEqual([]);

    // A send that fails (the network drops it) shows the failure message; its button sends the same form again.
    await page.getByLabel('תוכן הפנייה').fill('אשמח לפרטים על חבילת רכב לסוחרים.');
    await page.getByLabel('דוא"ל').fill('yossi.contact@example.co.il');
    await page.getByLabel('טלפון').fill('052-7654321');
    let drops = 1;
    await page.route('**/api/contact-us/save', (route) => (drops-- > 0 ? route.abort() : route.continue()));
    await page.getByRole('button', { name: 'שליחת הפנייה' }).click();
    const failed = page.getByRole('dialog', { name: 'שליחת הפנייה נכשלה' });
    await failed.waitFor();
    await screenshot(page, 'contactus-failed-1280');
    await failed.getByRole('button', { name: 'ניסיון נוסף' }).click();
    await page.getByRole('dialog', { name: 'הפנייה נשלחה' }).waitFor();
    await page.goto(`${product.url}/publish`);
    await page.getByTestId('contact-fab').waitFor();
    await screenshot(page, 'contact-fab-publish-1280');
    await page.context().close();
  });
});
