/**
 * Keyboard only in the families a11y-keyboard-publish.e2e.ts (second hand, real estate) and the car's keyboard
 * test (wizard-vehicles-moves.e2e.ts) leave out: a dog for adoption, a private teacher, a
 * holiday flat and a nanny are published with Tab, Shift+Tab, Enter, Space, the arrows and typing alone — the
 * picker's entry chosen with the arrows, every required field of every step, a photo through the file chooser,
 * the phone confirmed with the SMS code, the free track (household workers have no plan step: their contact step
 * saves and ends the wizard), to the finish page with the ad live, read back through the API too. The holiday
 * flat's "available from" date is chosen in the date picker's calendar (the WAI-ARIA date picker dialog: the
 * arrows by day and week, PageUp/PageDown by month, Enter picks, the focus goes back to the field, Tab stays
 * inside the popup). Each screen on the way passes axe and the contrast check (a11y-helpers.ts).
 */
import { HEBREW_MONTHS } from '@app/catalog/calendar';
import type { Browser, FileChooser, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DESKTOP, newPage, SERVER_ROUND_TRIP } from '../support/browser.ts';
import type { Product } from '../support/product.ts';
import { useProductAndBrowser } from '../support/suite.ts';
import { audit, dialog, scrollSettled, writeMeasured } from './a11y-helpers.ts';
import { choice, field } from './category-helpers.ts';
import { confirmPhoneByKeyboard } from './contact-helpers.ts';
import { allUploaded, photoFile } from './media-helpers.ts';
import { atStepByKeyboard } from './wizard-flow.ts';
import {
  adValues,
  chosenText,
  openStep,
  press,
  registerThroughApi,
  settled,
  tabTo,
  typeInto,
} from './wizard-helpers.ts';

let product: Product;
let browser: Browser;
useProductAndBrowser((p, b) => {
  product = p;
  browser = b;
});
afterAll(() => writeMeasured('a11y-contrast-keyboard-families'));

/** Tab to a select (by its label) and take its option `downs` places below the placeholder (ArrowDown). */
async function selectByArrows(page: Page, name: string, downs = 1): Promise<void> {
  await tabTo(page, { name });
  for (let i = 0; i < downs; i++) await page.keyboard.press('ArrowDown');
  await settled(page);
}

/** Tab to a box (by its option's text) and check it with Space. */
async function check(page: Page, group: string, name: string): Promise<void> {
  await tabTo(page, { name });
  await page.keyboard.press('Space');
  expect(await choice(page, group, name).isChecked()).toBe(true);
}

/**
 * A fresh account on /publish?cat=…: the family's picker, its entry `index` (0 first) reached with the arrows
 * and chosen with Enter, and the first fill step open with the focus on its heading. `choosers` collects the
 * file choosers from the page's start (a listener added just before the key press can miss one that opens at once).
 */
async function startFamily(cat: number, picker: string, index: number, screen: string) {
  const page = await newPage(browser, DESKTOP);
  const choosers: FileChooser[] = [];
  page.on('filechooser', (c) => choosers.push(c));
  await registerThroughApi(page, product.url);
  await page.goto(`${product.url}/publish?cat=${cat}`);
  await page.getByTestId(`picker-${picker}`).waitFor();
  await audit(page, `${screen}-picker`);
  await page.keyboard.press('Tab'); // into the page
  await tabTo(page, { selector: `[data-testid="picker-${picker}"] [role="radio"]` });
  for (let i = 0; i < index; i++) await page.keyboard.press('ArrowLeft'); // the next entry (right to left)
  const entry = page.getByTestId(`picker-${picker}`).getByRole('radio').nth(index);
  expect(await entry.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.press('Enter');
  await atStepByKeyboard(page, 1);
  await settled(page);
  return { page, choosers };
}

/** The step is done: axe on it filled, then 'המשך' by keyboard and the next step's heading focused. */
async function stepDone(page: Page, screen: string, nextStep: number): Promise<void> {
  await audit(page, screen);
  await press(page, 'המשך');
  await atStepByKeyboard(page, nextStep);
  await settled(page);
}

/** Keyboard only: the photo field's add button opens the file chooser with Enter; one photo is stored. */
async function onePhoto(page: Page, choosers: FileChooser[], name: string, colour: string): Promise<void> {
  await tabTo(page, { selector: '[data-testid="media-field"] .media__buttons button' });
  await page.keyboard.press('Enter');
  await expect.poll(() => choosers.length).toBe(1);
  await choosers[0]?.setFiles([await photoFile(`${name}.jpg`, colour, 800, 600)]);
  await allUploaded(page, 1);
}

/**
 * The contact step by keyboard: the name comes from the account; a new mobile number (the prefix chosen with the
 * arrows, the rest typed) confirmed with the SMS code typed into the popup; then 'פרסום המודעה'. Returns the
 * ad's order id from the saved note.
 */
async function contactAndPublish(page: Page, screen: string): Promise<string> {
  await confirmPhoneByKeyboard(page, product.url, () => audit(page, `${screen}-sms-code`));
  await audit(page, `${screen}-contact`);
  await press(page, 'פרסום המודעה');
  const note = page.getByTestId('saved-note');
  await note.waitFor();
  return (await note.getAttribute('data-order-id')) ?? '';
}

/** The free track by keyboard, to the finish page with the ad live (on the page and in the finish call). */
async function freeTrackToFinish(page: Page, screen: string, orderId: string, cat: string, subcat: string) {
  await scrollSettled(page);
  await audit(page, `${screen}-plan`);
  await tabTo(page, { selector: '[data-testid="track-Free"] .track__choose' });
  await page.keyboard.press('Enter');
  await page.waitForURL((u) => u.pathname === '/finishArea', { timeout: SERVER_ROUND_TRIP });
  const finish = page.getByTestId('finish-published');
  await expect.poll(() => finish.getAttribute('data-state'), { timeout: 20_000 }).toBe('active');
  await settled(page);
  await audit(page, `${screen}-finish`);
  await expectLive(page, orderId, cat, subcat);
}

/** The server's finish call says the ad is live. */
async function expectLive(page: Page, orderId: string, cat: string, subcat: string): Promise<void> {
  const query = new URLSearchParams({ OrderID: orderId, cat, subcat });
  const res = await page.request.get(`${product.url}/api/publish/get-finish-page?${query}`);
  expect(res.status()).toBe(200);
  expect(((await res.json()) as { state: string }).state).toBe('active');
}

describe('keyboard only, pets', () => {
  it('publishes a dog for adoption: the selects, the radio groups, a box, the description, a photo, the free track', async () => {
    const { page, choosers } = await startFamily(5, 'pets', 0, 'keyboard-dog');
    await selectByArrows(page, 'גזע');
    // A radio group with nothing chosen: Tab stops on its first radio, the arrow moves to the next and chooses it.
    await tabTo(page, { selector: 'li.step--open input[type="radio"][value="1"][name$="-adType"]' });
    await page.keyboard.press('ArrowLeft');
    expect(await choice(page, 'סוג המודעה', 'למסירה לאימוץ').isChecked()).toBe(true);
    await tabTo(page, { selector: 'li.step--open input[type="radio"][name$="-sex"]' });
    await page.keyboard.press('Space');
    expect(await openStep(page).locator('input[name$="-sex"]:checked').count()).toBe(1);
    await selectByArrows(page, 'גיל', 4); // שנה עד 3 שנים
    await selectByArrows(page, 'אזור');
    await stepDone(page, 'keyboard-dog-properties', 2);

    await check(page, 'מאפיינים נוספים', 'מחונך/ת לצרכים');
    await typeInto(page, 'תיאור קצר', 'כלבה מתוקה ורגועה, מחונכת לצרכים, אוהבת ילדים ומסתדרת עם חתולים.');
    await stepDone(page, 'keyboard-dog-more', 3);

    await onePhoto(page, choosers, 'dog', '#a0522d');
    await stepDone(page, 'keyboard-dog-media', 4);

    const orderId = await contactAndPublish(page, 'keyboard-dog');
    await atStepByKeyboard(page, 5);
    await freeTrackToFinish(page, 'keyboard-dog', orderId, '5', '0');
    expect((await adValues(page, product.url, orderId)).values).toMatchObject({
      adType: '2',
      age: '4',
      features: [expect.any(String)],
    });
    await page.close();
  });
});

describe('keyboard only, studies', () => {
  it('publishes a private teacher: the subject, boxes of two groups, area, price and its unit, a photo, the free track', async () => {
    const { page, choosers } = await startFamily(6, 'studies', 0, 'keyboard-teacher');
    await selectByArrows(page, 'תחום הלימוד');
    await check(page, 'רמות לימוד', 'יסודי');
    await check(page, 'איפה מתקיימים השיעורים', 'בבית המורה');
    await selectByArrows(page, 'אזור');
    await typeInto(page, 'מחיר', '150');
    await selectByArrows(page, 'המחיר הוא'); // לשיעור
    await typeInto(
      page,
      'על המורה והשיעורים',
      'מורה מוסמכת עם 12 שנות ניסיון, שיעורים פרטיים מותאמים לכל תלמיד, בבית המורה או בזום.',
    );
    expect(await chosenText(field(page, 'המחיר הוא'))).toBe('לשיעור');
    await stepDone(page, 'keyboard-teacher-field', 2);

    await onePhoto(page, choosers, 'teacher', '#2f6f4f');
    await stepDone(page, 'keyboard-teacher-media', 3);

    const orderId = await contactAndPublish(page, 'keyboard-teacher');
    await atStepByKeyboard(page, 4);
    await freeTrackToFinish(page, 'keyboard-teacher', orderId, '6', '1');
    expect((await adValues(page, product.url, orderId)).values).toMatchObject({ price: '150', priceUnit: '1' });
    await page.close();
  });
});

describe('keyboard only, tourism', () => {
  it('publishes a holiday flat, its date chosen in the calendar by keyboard; a photo, the free track', async () => {
    const { page, choosers } = await startFamily(10, 'tourism', 2, 'keyboard-holiday-flat');
    await selectByArrows(page, 'סוג היחידה');
    await selectByArrows(page, 'אזור');
    await typeInto(page, 'יישוב', 'אילת');
    await typeInto(page, 'מספר אורחים מרבי', '4');
    await typeInto(page, 'מחיר ללילה באמצע השבוע', '650');

    // The date picker dialog (WAI-ARIA): opened with Enter on its button, the focus on today's day.
    const label = 'פנוי החל מ';
    await tabTo(page, { name: `בחירת תאריך מלוח השנה: ${label}` });
    await page.keyboard.press('Enter');
    const calendar = dialog(page, `לוח שנה: ${label}`);
    await calendar.waitFor();
    const focusedDay = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.date ?? '');
    await expect.poll(focusedDay).not.toBe('');
    const today = await focusedDay();
    expect(await calendar.locator('.calendar__day--today').getAttribute('data-date')).toBe(today);
    await audit(page, 'keyboard-holiday-flat-calendar');
    // Tab stays inside the popup: from the day grid to 'סגירה', then round to the month buttons and back.
    const focusedInCalendar = () =>
      calendar.evaluate((d) => d.contains(document.activeElement) && document.activeElement !== d);
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      expect(await focusedInCalendar()).toBe(true);
    }
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await focusedInCalendar()).toBe(true);
    }
    expect(await focusedDay()).toBe(today);
    // The arrows by day (left is the next day) and week, PageDown and PageUp by month.
    const iso = (d: Date) => d.toISOString().slice(0, 10);
    const day = (from: string, days: number) => iso(new Date(Date.parse(`${from}T00:00:00Z`) + days * 86_400_000));
    await page.keyboard.press('ArrowLeft');
    expect(await focusedDay()).toBe(day(today, 1));
    await page.keyboard.press('ArrowDown');
    expect(await focusedDay()).toBe(day(today, 8));
    await page.keyboard.press('ArrowRight');
    expect(await focusedDay()).toBe(day(today, 7));
    // A month on is the same day, or the month's last when it is shorter (each press clamps).
    const month = (from: string, months: number) => {
      const [y, m, d] = from.split('-').map(Number) as [number, number, number];
      const last = new Date(Date.UTC(y, m + months, 0)).getUTCDate();
      return iso(new Date(Date.UTC(y, m - 1 + months, Math.min(d, last))));
    };
    await page.keyboard.press('PageDown');
    expect(await focusedDay()).toBe(month(day(today, 7), 1));
    await page.keyboard.press('PageDown');
    expect(await focusedDay()).toBe(month(month(day(today, 7), 1), 1));
    await page.keyboard.press('PageUp');
    const chosen = month(month(month(day(today, 7), 1), 1), -1);
    // The popup's live title names the month shown.
    const [cy, cm, cd] = chosen.split('-');
    expect(await calendar.locator('.calendar__title').textContent()).toBe(`${HEBREW_MONTHS[Number(cm) - 1]} ${cy}`);
    expect(await focusedDay()).toBe(chosen);
    await page.keyboard.press('Enter');
    await calendar.waitFor({ state: 'detached' });
    expect(await field(page, label).inputValue()).toBe(`${cd}/${cm}/${cy}`);
    // The focus is back on the field (its calendar button), and the keyboard goes on from there.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      `בחירת תאריך מלוח השנה: ${label}`,
    );

    await check(page, 'מה יש במקום', 'נוף פתוח');
    await typeInto(page, 'תיאור המקום', 'דירת נופש מרווחת עם מרפסת ונוף לים, חמש דקות הליכה מהטיילת ומהחוף.');
    await stepDone(page, 'keyboard-holiday-flat-details', 2);

    await onePhoto(page, choosers, 'holiday-flat', '#1e90ff');
    await stepDone(page, 'keyboard-holiday-flat-media', 3);

    const orderId = await contactAndPublish(page, 'keyboard-holiday-flat');
    await atStepByKeyboard(page, 4);
    await freeTrackToFinish(page, 'keyboard-holiday-flat', orderId, '10', '3');
    expect((await adValues(page, product.url, orderId)).values).toMatchObject({
      settlement: 'אילת',
      availableFrom: `${cd}/${cm}/${cy}`,
    });
    await page.close();
  });
});

describe('keyboard only, household workers', () => {
  it('publishes a nanny: the properties, the more step, a photo; the contact step saves and ends the wizard', async () => {
    const { page, choosers } = await startFamily(14, 'householdWorkers', 0, 'keyboard-nanny');
    await typeInto(page, 'גיל', '34');
    await selectByArrows(page, 'ניסיון');
    await check(page, 'גילאי ילדים שאני מטפל/ת בהם', 'פעוטות (1–3)');
    await check(page, 'היקף משרה', 'משרה מלאה');
    await selectByArrows(page, 'אזור');
    await typeInto(page, 'שכר מבוקש לשעה', '60');
    await stepDone(page, 'keyboard-nanny-properties', 2);

    await typeInto(page, 'כמה מילים', 'אחראית, סבלנית ואוהבת ילדים. ממליצים מהמשפחות הקודמות לפי בקשה.');
    await stepDone(page, 'keyboard-nanny-more', 3);

    await onePhoto(page, choosers, 'nanny', '#c71585');
    await stepDone(page, 'keyboard-nanny-media', 4);

    // No plan step: 'פרסום המודעה' publishes the ad and the contact step ends the wizard with the note, which
    // takes the focus from the button it replaces (the keyboard would otherwise start again from the page's top).
    const orderId = await contactAndPublish(page, 'keyboard-nanny');
    expect(await page.getByTestId('step-personal_publish_payment_choose').count()).toBe(0);
    expect(await page.getByTestId('saved-note').textContent()).toContain(`המודעה פורסמה בלוח (מספר מודעה ${orderId}).`);
    await page.waitForFunction(() => document.activeElement?.classList.contains('saved-note__title') === true, null, {
      timeout: 5000,
    });
    await settled(page);
    await audit(page, 'keyboard-nanny-saved');
    // Published with the save (no track to choose).
    await expectLive(page, orderId, '14', '1');
    expect((await adValues(page, product.url, orderId)).values).toMatchObject({
      age: '34',
      childAges: ['2'],
      jobType: ['1'],
      hourlyRate: '60',
    });
    await page.close();
  });
});
