/**
 * Leads reach their owners' mailboxes through the product's mail queue over SMTP (MAIL_PROVIDER=smtp, a real SMTP
 * server started here), in Chromium: with the mail server down, an advertiser on a phone (390 px) publishes a
 * real-estate sale in Tel Aviv - Yafo on Free and sends it to a broker office from the brokers' popup, and on a
 * desktop sends the buy-package form of /packages. The console's פניות page shows both, their mail failing so far;
 * once the mail server is up the queue's retry delivers each mail to its owner exactly once, in Hebrew, and the page
 * shows both sent, at 1280 and 390 px, with axe finding nothing.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROKER_ACCOUNTS } from '../../apps/server/src/seed/brokers.ts';
import { validSaleAd } from '../../apps/server/test/support/real-estate-ad.ts';
import { SmtpMailbox } from '../../apps/server/test/support/smtp-mailbox.ts';
import { axeViolations, DESKTOP, newPage, SERVER_ROUND_TRIP, screenshot } from '../support/browser.ts';
import type { Product } from '../support/product.ts';
import { useProductAndBrowser } from '../support/suite.ts';
import { adThroughApi, DEMO_CONTACT, loginDemo } from './edit-helpers.ts';
import { openSection, operatorSignIn } from './operator-helpers.ts';
import { settled } from './wizard-helpers.ts';

const PHONE_390 = { width: 390, height: 844 } as const;
const SALES = 'sales.team@site.example';
/** The queue tries a message again a while after the server first refused it (JOB_RETRY_BASE_MS below). */
const RETRY_WAIT = 60_000;

const smtp = new SmtpMailbox();
let product: Product;
let browser: Browser;
beforeAll(async () => {
  // A port that was free a moment ago, closed now: the mail server is down when the product starts.
  await smtp.start(0);
  await smtp.stop();
});
afterAll(() => smtp.stop());
useProductAndBrowser(
  (p, b) => {
    product = p;
    browser = b;
  },
  () => ({
    MAIL_PROVIDER: 'smtp',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'no-reply@site.example',
    LEADS_SALES_EMAIL: SALES,
    // The queue's jobs are looked for every half second, and a refused mail is tried again 1, 4, 9… s later (minutes by
    // default): the retry falls due while the test waits.
    JOB_TICK_MS: '500',
    JOB_RETRY_BASE_MS: '1000',
  }),
);

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

/** A real-estate sale published on Free with one broker office chosen in the brokers' popup: the ad and the office. */
async function brokerLead(page: Page): Promise<{ orderId: number; email: string; office: string }> {
  await loginDemo(page, product.url);
  const orderId = await adThroughApi(page, product.url, validSaleAd());
  await page.goto(`${product.url}/publish?cat=2&subcat=1&step=6&OrderID=${orderId}`);
  const plan = page.getByTestId('plan-step');
  await plan.waitFor();
  await settled(page);
  const brokers = page.waitForResponse((r) => r.url().endsWith(`/get-related-brokers/${orderId}`));
  await plan.getByTestId('track-Free').getByRole('button').last().click();
  const related = (await (await brokers).json()) as { brokers: { office_name: string }[] };
  const office = related.brokers[0]?.office_name ?? '';
  const account = BROKER_ACCOUNTS.find((b) => b.officeName === office);
  if (!account) throw new Error(`no seeded broker office named ${office}`);

  await dialog(page, 'רוצים למכור מהר יותר?').getByRole('button', { name: 'לבחירת משרדי תיווך' }).click();
  const select = dialog(page, 'בחירת משרדי תיווך');
  await select.getByRole('checkbox', { name: new RegExp(office.replace(/"/g, '.')) }).check();
  const sent = page.waitForResponse((r) => r.url().endsWith(`/real-estate-lead/${orderId}`));
  await select.getByRole('button', { name: 'שליחת הפרטים' }).click();
  expect((await sent).status()).toBe(200);
  await dialog(page, 'תודה!').getByRole('button', { name: 'להמשך' }).click();
  const offer = dialog(page, 'רוצים שהמודעה תקפוץ לבד?');
  await offer.waitFor({ timeout: SERVER_ROUND_TRIP });
  await offer.getByRole('button', { name: 'לא תודה', exact: true }).click();
  await page.getByTestId('finish-published').waitFor();
  return { orderId, email: account.email, office };
}

/** The buy-package form of /packages sent: the package's title. */
async function packageEnquiry(page: Page): Promise<string> {
  await loginDemo(page, product.url);
  await page.goto(`${product.url}/packages`);
  const card = page.locator('[data-package="re-vip-20"]');
  const title = (await card.getByRole('heading').textContent()) ?? '';
  await card.getByRole('button', { name: 'לפרטים נוספים' }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel('שם מלא').fill('רונית לוי');
  await form.getByLabel('טלפון').fill('050-7654321');
  await form.getByLabel('דוא"ל').fill('ronit@example.co.il');
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/packages/lead'));
  await form.getByRole('button', { name: 'שליחה' }).click();
  expect(await (await sent).json()).toEqual({ status: 200, sent: true });
  await page.getByTestId('buy-package-thanks').waitFor();
  return title;
}

/** The console's פניות page: the delivery cell of the broker lead of the ad and of the package enquiry. */
async function deliveries(page: Page, orderId: number): Promise<[string, string]> {
  await page.reload();
  const table = page.getByTestId('leads').getByTestId('leads-table');
  const broker = table.locator('tbody tr[data-kind="broker"]', { hasText: `מודעה ${orderId}` });
  const pkg = table.locator('tbody tr[data-kind="package"]', { hasText: 'שם: רונית לוי' });
  await Promise.all([broker.waitFor(), pkg.waitFor()]);
  const cell = (row: typeof broker) => row.locator('td').nth(4).textContent();
  return [(await cell(broker)) ?? '', (await cell(pkg)) ?? ''];
}

describe('leads to their owners’ mailboxes over SMTP', () => {
  it('a broker lead and a package enquiry made while the mail server is down each reach their owner once when it is back', async () => {
    const phone = await newPage(browser, PHONE_390);
    const { orderId, email, office } = await brokerLead(phone);
    const desktop = await newPage(browser, DESKTOP);
    const packageTitle = await packageEnquiry(desktop);

    // The console lists both; the queue has tried each mail once and the server was not there.
    const admin = await newPage(browser, DESKTOP);
    await operatorSignIn(admin, product.url);
    await openSection(admin, 'פניות');
    await admin.getByTestId('leads').getByRole('heading', { name: 'פניות', level: 2 }).waitFor();
    await expect.poll(() => deliveries(admin, orderId), { timeout: 20_000 }).toEqual(['המשלוח נכשל', 'המשלוח נכשל']);
    expect(smtp.received).toHaveLength(0);
    await screenshot(admin, 'leads-mail-failing-1280');

    // The mail server is back on the same port: the queue's next try delivers both.
    await smtp.start();
    await expect
      .poll(() => smtp.to(email).length + smtp.to(SALES).length, { timeout: RETRY_WAIT, interval: 1000 })
      .toBe(2);
    const [brokerMail, ...moreToBroker] = smtp.to(email);
    const [salesMail, ...moreToSales] = smtp.to(SALES);
    expect(brokerMail?.subject).toBe(`פנייה חדשה: משרד תיווך (מודעה ${orderId})`);
    expect(brokerMail?.text).toContain(`שלום ${office},`);
    expect(brokerMail?.text).toContain(`מספר המודעה: ${orderId}`);
    expect(brokerMail?.text).toContain('עיר: תל אביב-יפו');
    expect(brokerMail?.text).toContain(`שם: ${DEMO_CONTACT.contactName}`);
    expect(brokerMail?.html).toContain('dir="rtl"');
    expect(brokerMail?.headers.get('content-language')).toBe('he');
    expect(salesMail?.subject).toBe('פנייה חדשה: חבילת מודעות');
    expect(salesMail?.text).toContain(`חבילה: ${packageTitle}`);
    expect(salesMail?.text).toContain('שם: רונית לוי');
    expect(salesMail?.text).toContain('טלפון: 050-7654321');
    expect(salesMail?.text).toContain('דוא"ל: ronit@example.co.il');
    expect(salesMail?.html).toContain('dir="rtl"');

    // Sent, and shown sent; ticks later nothing is sent again, to them or to anyone else.
    await expect.poll(() => deliveries(admin, orderId), { timeout: 20_000 }).toEqual(['נשלח', 'נשלח']);
    await admin.waitForTimeout(3000);
    expect([moreToBroker, moreToSales, smtp.to(email).slice(1), smtp.to(SALES).slice(1)]).toEqual([[], [], [], []]);
    expect(smtp.received).toHaveLength(2);
    expect(await axeViolations(admin)).toEqual([]);
    await screenshot(admin, 'leads-mail-sent-1280');

    await admin.setViewportSize(PHONE_390);
    expect(await deliveries(admin, orderId)).toEqual(['נשלח', 'נשלח']);
    expect(await axeViolations(admin)).toEqual([]);
    await screenshot(admin, 'leads-mail-sent-390');
    await Promise.all([phone.close(), desktop.close(), admin.close()]);
  });
});
