/**
 * Moderation in Chromium, by keyboard alone: the admin holds every car ad for review (the rules form); two cars
 * published free wait in the queue; the moderator approves the first with A (it is live on the owner's /my-ads)
 * and refuses the second with R, a reason from the list and words of their own (the owner sees the reason on
 * /my-ads and on the finish page, with "edit and send again"); the owner's edit brings it back to the queue. The
 * address names the open case throughout. Axe finds nothing on the queue, the open case, the refusal's form, the
 * rules and the owner's pages.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { validCarAd } from '../../apps/server/test/support/vehicle-ad.ts';
import { axeViolations, DESKTOP, newPage, PHONE, screenshot } from '../support/browser.ts';
import type { Product } from '../support/product.ts';
import { pathOf } from '../support/session.ts';
import { useProductAndBrowser } from '../support/suite.ts';
import { adThroughApi, DEMO_CONTACT, loginDemo } from './edit-helpers.ts';
import { freeCar as freeCarOf, openSection, operatorSignIn } from './operator-helpers.ts';
import { csrfOf, tabTo } from './wizard-helpers.ts';

let product: Product;
let browser: Browser;
useProductAndBrowser((p, b) => {
  product = p;
  browser = b;
});

const freeCar = (owner: Page, description: string) => freeCarOf(owner, product.url, description);
const queueItem = (page: Page, adId: number) => page.locator(`[data-testid="queue"] li[data-ad="${adId}"]`);
/** The case of an ad in the queue, as the address names it. */
const caseAddress = async (page: Page, adId: number) =>
  `/operator/moderation/${await queueItem(page, adId).getAttribute('data-review')}`;

describe('moderation', () => {
  it('holds car ads by a rule; approves one and refuses another by keyboard; the edit returns it', async () => {
    const admin = await newPage(browser, DESKTOP);
    await operatorSignIn(admin, product.url);
    // An admin's first section: the queue, empty for now (the address names no case).
    await admin.getByTestId('queue-empty').waitFor();
    expect(pathOf(admin)).toBe('/operator/moderation');

    // The rules: every car ad waits for a moderator.
    await openSection(admin, 'כללי הבקרה');
    const rules = admin.getByTestId('moderation-rules');
    await rules.getByLabel('רכב', { exact: true }).check();
    await rules.getByRole('button', { name: 'שמירת הכללים' }).click();
    await rules.getByText('הכללים נשמרו').waitFor();
    expect(await axeViolations(admin)).toEqual([]);

    const owner = await newPage(browser, DESKTOP);
    await loginDemo(owner, product.url);

    // Paying for a car now: the card page says it waits for review once paid (the payment's isSuspected
    // variant), and the plan step, its query holding isSuspected=1, says so again after a reload.
    const draft = await adThroughApi(owner, product.url, validCarAd());
    await owner.goto(`${product.url}/publish?cat=1&subcat=1&step=6&OrderID=${draft}`);
    const plan = owner.getByTestId('plan-step');
    await plan.getByTestId('track-VIP').locator('.track__choose').click();
    await owner.getByRole('dialog', { name: 'איך תרצו לשלם?' }).getByTestId('pay-creditCard').click();
    const card = owner.getByRole('dialog', { name: 'תשלום בכרטיס אשראי' });
    await card
      .getByTestId('payment-review-note')
      .getByText('לאחר התשלום המודעה תעבור בדיקה של הצוות', { exact: false })
      .waitFor();
    await screenshot(owner, 'payment-review-note-1280');
    expect(await plan.getByTestId('plan-review-note').count()).toBe(0);
    await card.getByRole('button', { name: 'סגירה' }).click();
    await plan.getByTestId('plan-review-note').waitFor();
    await owner.waitForURL((u) => u.searchParams.get('isSuspected') === '1');
    await owner.reload();
    await plan.getByTestId('plan-review-note').getByText('המודעה תעבור בדיקה של הצוות לפני שתעלה לאתר').waitFor();

    const first = await freeCar(owner, 'רכב שמור מאוד, טיפולים במוסך מורשה בלבד, צמיגים חדשים ומזגן חזק.');
    const second = await freeCar(owner, 'רכב משפחתי מרווח, נהג יחיד, כל הטיפולים בזמן, ללא תאונות.');

    await openSection(admin, 'בקרת מודעות');
    await queueItem(admin, first).waitFor();
    await queueItem(admin, second).waitFor();
    // The oldest case is open, and the address names it.
    const firstCase = await caseAddress(admin, first);
    await admin.waitForURL((url) => url.pathname === firstCase);
    const secondCase = await caseAddress(admin, second);
    const panel = admin.getByTestId('review-panel');
    await panel.getByText('כל המודעות בקטגוריה רכב נבדקות').waitFor();
    await panel.getByText(DEMO_CONTACT.contactName).first().waitFor();
    expect(await axeViolations(admin)).toEqual([]);
    await screenshot(admin, 'operator-moderation-1280');

    // Keyboard only: to the first case of the list, A approves it; the next one opens in its place.
    await tabTo(admin, { selector: `[data-testid="queue"] li[data-ad="${first}"] .moderation__open` });
    await admin.keyboard.press('a');
    await expect.poll(() => admin.getByTestId('moderation-announce').textContent()).toBe(`המודעה ${first} אושרה`);
    await queueItem(admin, first).waitFor({ state: 'detached' });
    await expect.poll(() => panel.getAttribute('data-review')).not.toBeNull();
    expect(await admin.evaluate(() => document.activeElement?.closest('li')?.getAttribute('data-ad'))).toBe(
      String(second),
    );
    expect(pathOf(admin)).toBe(secondCase);

    // R opens the refusal: the reason's list has the focus; a reason by arrow, words of our own, and send.
    await admin.keyboard.press('r');
    const form = admin.getByTestId('reject-form');
    await form.waitFor();
    expect(await admin.evaluate(() => document.activeElement?.tagName)).toBe('SELECT');
    expect(await axeViolations(admin)).toEqual([]);
    await admin.keyboard.press('ArrowDown');
    await admin.keyboard.press('Tab');
    await admin.keyboard.type('המחיר במודעה אינו תואם את הרכב');
    await tabTo(admin, { name: 'דחיית המודעה' });
    await admin.keyboard.press('Enter');
    await expect.poll(() => admin.getByTestId('moderation-announce').textContent()).toBe(`המודעה ${second} נדחתה`);
    await admin.getByTestId('queue-empty').waitFor();
    expect(pathOf(admin)).toBe('/operator/moderation');
    // The first case's address, now that it is decided: what was decided, and nothing left to press.
    await admin.goto(`${product.url}${firstCase}`);
    await admin.getByTestId('review-decided').getByText('כבר הוחלט בבדיקה הזו: אושרה').waitFor();
    expect(await panel.getByRole('button', { name: 'אישור (A)' }).count()).toBe(0);
    await admin.goto(`${product.url}/operator/moderation`);
    await admin.getByTestId('queue-empty').waitFor();

    // The owner: the first is live, the second refused with its reason and the way to send it again.
    await owner.goto(`${product.url}/my-ads`);
    const live = owner.locator(`article[data-order-id="${first}"]`);
    await live.getByText('באוויר').waitFor();
    const refused = owner.locator(`article[data-order-id="${second}"]`);
    const reason = 'המודעה מציעה מוצר או שירות שאסור לפרסם בלוח. המחיר במודעה אינו תואם את הרכב';
    await refused.getByTestId('my-ad-rejection').getByText(reason, { exact: false }).waitFor();
    expect(await refused.getByRole('link', { name: 'עריכה ושליחה מחדש' }).getAttribute('href')).toBe(`/edit/${second}`);
    expect(await axeViolations(owner)).toEqual([]);
    await owner.goto(`${product.url}/finishArea?cat=1&subcat=1&OrderID=${second}`);
    await owner.getByRole('heading', { name: 'המודעה לא אושרה לפרסום', level: 1 }).waitFor();
    await owner.getByTestId('finish-timeline').getByText(reason).waitFor();
    await owner.getByTestId('finish-notice').getByRole('link', { name: 'עריכה ושליחה מחדש' }).waitFor();
    expect(await axeViolations(owner)).toEqual([]);

    // Edited, it waits for review again.
    const edited = await owner.request.post(`${product.url}/api/publish/save-ad/${second}`, {
      data: { ...validCarAd(), ...DEMO_CONTACT, description: 'רכב משפחתי מרווח, המחיר עודכן לפי המחירון.' },
      headers: { 'x-csrf-token': await csrfOf(owner, product.url) },
    });
    expect(edited.status()).toBe(200);
    await admin.reload();
    await queueItem(admin, second).getByText('המפרסם ערך את המודעה אחרי שנדחתה').waitFor();
    await panel.getByText('נדחתה', { exact: false }).first().waitFor();
    // The ad's page lists what staff did to it: the rejection, from waiting to refused.
    await panel
      .getByTestId('ad-audit')
      .getByText('דחיית מודעה · operator@demo.co.il · ממצב "ממתינה לבדיקה" למצב "נדחתה"', { exact: false })
      .waitFor();

    // On a phone (the same session: a second sign-in in the same 30 seconds would replay the code, which is refused).
    await admin.setViewportSize(PHONE);
    await admin.reload();
    await queueItem(admin, second).waitFor();
    expect(await axeViolations(admin)).toEqual([]);
    await screenshot(admin, 'operator-moderation-375');
    await Promise.all([admin.close(), owner.close()]);
  });
});
