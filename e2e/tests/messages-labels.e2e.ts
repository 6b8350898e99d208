/**
 * What fields and answers say, in Chromium at 375 and 1280 px: a field's notification shown in its error place
 * (a family's job ad), the finish page's rich alert of an ad held for its words, the per-month price of a commercial
 * rent, and the labels of a whole stock and of industrial equipment in second hand.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CATEGORY_ADS } from '../../apps/server/test/support/category-ads.ts';
import { validCommercialAd } from '../../apps/server/test/support/real-estate-ad.ts';
import { validCarAd } from '../../apps/server/test/support/vehicle-ad.ts';
import { axeViolations, DESKTOP, newPage, PHONE, screenshot } from '../support/browser.ts';
import type { Product } from '../support/product.ts';
import { useProductAndBrowser } from '../support/suite.ts';
import { field, next, selectText } from './category-helpers.ts';
import { DEMO_CONTACT, loginDemo } from './edit-helpers.ts';
import {
  atStep,
  button,
  csrfOf,
  draftThroughApi,
  openStep,
  registerThroughApi,
  settled,
  stepItem,
} from './wizard-helpers.ts';

let product: Product;
let browser: Browser;
useProductAndBrowser((p, b) => {
  product = p;
  browser = b;
});

const JOB_AD_NOTICE = 'שימו לב: אין לכלול במודעת דרושים דרישה לגיל, מין, דת, מוצא או מצב משפחתי';

async function openDraftStep(page: Page, selectors: Record<string, string>, step: number): Promise<void> {
  await page.goto(`${product.url}/publish?${new URLSearchParams(selectors)}&step=${step}`);
  await atStep(page, step);
  await settled(page);
}

async function shotAt(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

describe('a field’s notification', () => {
  it('a family’s job ad shows the notice in the description’s error place from the start, and moves on with it', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await newPage(browser, viewport);
      await registerThroughApi(page, product.url);
      const sample = CATEGORY_ADS.find((a) => a.catalogId === 'household-workers-nanny-search');
      if (!sample) throw new Error('no sample nanny search');
      const { description: _d, features: _f, ...before } = sample.values;
      await draftThroughApi(page, product.url, sample.selectors, before, 1);
      await openDraftStep(page, sample.selectors, 2);

      const description = field(page, 'כמה מילים');
      const notice = openStep(page).getByTestId('field-notification');
      await notice.waitFor();
      expect(await notice.textContent()).toBe(JOB_AD_NOTICE);
      // Read with the field, in the live region of its errors, but the field is not marked invalid.
      const describedBy = (await description.getAttribute('aria-describedby')) ?? '';
      expect(describedBy.split(' ')).toContain(await notice.getAttribute('id'));
      expect(await notice.evaluate((p) => p.parentElement?.getAttribute('aria-live'))).toBe('polite');
      expect(await description.getAttribute('aria-invalid')).not.toBe('true');
      expect(await axeViolations(page)).toEqual([]);
      await shotAt(page, `notification-job-ad-${viewport.width}`);

      // A real error takes its place; once the error is gone the notice is back, and the step moves on.
      await button(page, 'המשך').click();
      await expect.poll(() => openStep(page).locator('.field__error').first().textContent()).toBe('שדה חובה');
      expect(await description.getAttribute('aria-invalid')).toBe('true');
      await description.fill('משפחה חמה ברעננה מחפשת מטפלת לשני ילדים בשעות אחר הצהריים.');
      await expect.poll(() => notice.textContent()).toBe(JOB_AD_NOTICE);
      await next(page, 3);
      await page.close();
    }
  });
});

describe('the rich alert', () => {
  it('the finish page of an ad held for its words: a warning with its title, message and the edit link', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await newPage(browser, viewport);
      // The demo advertiser: its phone is confirmed, so the save goes through to the words check.
      await loginDemo(page, product.url);
      const res = await page.request.post(`${product.url}/api/publish/save-ad`, {
        data: { ...validCarAd(), ...DEMO_CONTACT, description: 'רכב שמור, מוכר גם אקדח' },
        headers: { 'x-csrf-token': await csrfOf(page, product.url) },
      });
      const orderId = Number((await res.json()).hasWordBlocked?.orderID);
      expect(orderId).toBeGreaterThan(0);
      await page.goto(`${product.url}/finishArea?cat=1&subcat=1&OrderID=${orderId}`);
      const alert = page.getByTestId('finish-notice');
      await alert.waitFor();
      expect(await alert.getAttribute('role')).toBe('alert');
      expect(await alert.getAttribute('data-type')).toBe('warning');
      await alert.getByText('המודעה ממתינה לבדיקה של נציג').waitFor();
      await alert.getByText('יש בה מילים שאינן מותרות לפרסום', { exact: false }).waitFor();
      const link = alert.getByRole('link', { name: 'עריכת המודעה' });
      expect(await link.getAttribute('href')).toBe(`/edit/${orderId}`);
      // The tooltip describes the link and shows when it has the focus.
      const tipId = await link.getAttribute('aria-describedby');
      const tip = page.locator(`[id="${tipId}"]`);
      expect(await tip.getAttribute('role')).toBe('tooltip');
      expect(await tip.isVisible()).toBe(false);
      await link.focus();
      await expect.poll(() => tip.isVisible()).toBe(true);
      expect(await tip.textContent()).toBe('אחרי העריכה נציג יבדוק את המודעה שוב');
      // 100% wide below 680 px, 520 px from it; at least 74 px high.
      const box = await alert.boundingBox();
      const parent = await alert.evaluate((el) => (el.parentElement as HTMLElement).clientWidth);
      const styles = await alert.evaluate((el) => getComputedStyle(el.parentElement as HTMLElement));
      expect(box?.height).toBeGreaterThanOrEqual(74);
      if (viewport.width < 680) {
        const padding = Number.parseFloat(styles.paddingLeft) + Number.parseFloat(styles.paddingRight);
        expect(Math.round(box?.width ?? 0)).toBe(Math.round(parent - padding));
      } else {
        expect(Math.round(box?.width ?? 0)).toBe(520);
      }
      expect(await axeViolations(page)).toEqual([]);
      await shotAt(page, `alert-finish-blocked-${viewport.width}`);
      await link.click();
      await page.waitForURL((u) => u.pathname === `/edit/${orderId}`);
      await page.close();
    }
  });
});

describe('what the price and the product are called', () => {
  it('a commercial rent’s price is per month, in the field and the step’s summary; a sale’s is not', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await newPage(browser, viewport);
      await registerThroughApi(page, product.url);
      const { price: _p, cat, subcat, ...values } = validCommercialAd();
      const selectors = { cat: cat ?? '2', subcat: subcat ?? '4' };
      await draftThroughApi(page, product.url, selectors, { ...values, DealType: '2' }, 2);
      await openDraftStep(page, selectors, 3);
      const price = field(page, 'מחיר לחודש');
      await price.waitFor();
      expect(await openStep(page).getByText('שכר הדירה החודשי', { exact: false }).count()).toBe(1);
      await price.fill('8500');
      await selectText(page, 'מספר תשלומים בשנה', '12 תשלומים (חודשי)');
      await shotAt(page, `monthly-price-${viewport.width}`);
      await next(page, 4);
      const summary = stepItem(page, 'personal_publish_sales_properties');
      await summary.getByText('8,500 ₪ לחודש', { exact: false }).waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `monthly-price-summary-${viewport.width}`);

      // A sale: the price is the asking price.
      await draftThroughApi(page, product.url, selectors, { ...values, DealType: '1' }, 2);
      await openDraftStep(page, selectors, 3);
      await field(page, 'מחיר').waitFor();
      expect(await field(page, 'מחיר לחודש').count()).toBe(0);
      expect(await openStep(page).getByText('שכר הדירה החודשי', { exact: false }).count()).toBe(0);
      await page.close();
    }
  });

  it('second hand: a whole stock and industrial equipment have their own labels, chosen with the category', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await newPage(browser, viewport);
      await registerThroughApi(page, product.url);
      const selectors = { cat: '3', subcat: '0' };
      await draftThroughApi(page, product.url, selectors, { subcat: '0' }, 1);
      await openDraftStep(page, selectors, 2);
      await field(page, 'כותרת המודעה').waitFor();
      await selectText(page, 'קטגוריה', 'מלאי וסחורה');
      await field(page, 'מה כולל המלאי').waitFor();
      await field(page, 'מחיר לכל המלאי').waitFor();
      await field(page, 'תיאור המלאי').waitFor();
      expect(await openStep(page).getByText('המחיר של כל הסחורה יחד, לא של פריט אחד').count()).toBe(1);
      await selectText(page, 'תת קטגוריה', 'חיסול מלאי של חנות');
      await shotAt(page, `stock-labels-${viewport.width}`);

      await selectText(page, 'קטגוריה', 'ציוד תעשייתי');
      await field(page, 'שם הציוד והדגם').waitFor();
      await field(page, 'יצרן').waitFor();
      await field(page, 'מחיר הציוד').waitFor();
      expect(await field(page, 'מחיר לכל המלאי').count()).toBe(0);
      await selectText(page, 'תת קטגוריה', 'מלגזות וציוד הרמה');
      await shotAt(page, `industrial-labels-${viewport.width}`);

      // Another section: the usual labels.
      await selectText(page, 'קטגוריה', 'ריהוט');
      await field(page, 'כותרת המודעה').waitFor();
      await field(page, 'מחיר').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.close();
    }
  });
});
