import { SAMPLE_PLATES } from '@app/catalog/vehicles/plates';
import type { Browser, FileChooser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, newPage, SERVER_ROUND_TRIP } from '../support/browser.ts';
import type { Product } from '../support/product.ts';
import { query } from '../support/session.ts';
import { useProductAndBrowser } from '../support/suite.ts';
import { smsCode, uniqueMobile } from './contact-helpers.ts';
import { photosByKeyboard } from './media-helpers.ts';
import {
  atStepByKeyboard,
  finishFromCarType,
  next,
  plate,
  searchPlate,
  select,
  startPrivateCar,
} from './wizard-flow.ts';
import {
  atStep,
  button,
  chosenText,
  draftSaved,
  openStep,
  registerThroughApi,
  settled,
  stepItem,
  tabInFrame,
  tabTo,
} from './wizard-helpers.ts';

let product: Product;
let browser: Browser;
useProductAndBrowser((p, b) => {
  product = p;
  browser = b;
});

describe('moving around the car wizard', () => {
  it('a plate of another type moves the ad to that sub-category with the message; an unknown plate says so', async () => {
    const page = await newPage(browser, DESKTOP);
    await startPrivateCar(page, product.url);
    await searchPlate(page, SAMPLE_PLATES.unknown);
    await openStep(page).getByText('לא מצאנו את הדגם, בדקו את המספר ונסו שוב').waitFor();
    expect(await plate(page).getAttribute('aria-invalid')).toBe('true');

    await searchPlate(page, SAMPLE_PLATES.jeep);
    await page.getByTestId('flash').getByText("אתם מועברים לפרסום בקטגוריית ג'יפים").waitFor();
    await page.waitForURL((u) => u.searchParams.get('subcat') === '3');
    expect(query(page)).toMatchObject({ cat: '1', subcat: '3', step: '1' });
    await page.getByText('מצאנו: יונדאי טוסון 2022').waitFor();
    expect(await plate(page).inputValue()).toBe('447-40-651');
    await settled(page);
    expect(await chosenText(select(page, 'יצרן'))).toBe('יונדאי');
    expect(await page.getByTestId('step-category').textContent()).toContain("ג'יפים");
    await page.close();
  });

  it("a special vehicle that is a truck goes to the trucks by the server's rule, with what was typed", async () => {
    const page = await newPage(browser, DESKTOP);
    await registerThroughApi(page, product.url);
    await page.goto(`${product.url}/publish?cat=1&subcat=6&step=1`);
    await atStep(page, 1);
    await settled(page);
    await select(page, 'סוג הרכב').selectOption({ label: 'טרקטורון' });
    await openStep(page).getByLabel('יצרן').fill('ימאהה');
    await openStep(page).getByLabel('שנת ייצור').fill('2019');
    await next(page).click();
    await atStep(page, 2);
    await settled(page);
    await select(page, 'יד').selectOption({ label: 'יד שנייה' });
    await openStep(page).getByLabel("קילומטראז'").fill('12000');

    // Back on the type: a truck is the trucks' section (packages/catalog/data/publish-rules.json).
    await stepItem(page, 'personal_publish_car_type').getByRole('button').click();
    await atStep(page, 1);
    await select(page, 'סוג הרכב').selectOption({ label: 'משאית' });
    await page.getByTestId('flash').getByText('המודעה תפורסם במדור משאיות').waitFor();
    await page.waitForURL((u) => u.searchParams.get('subcat') === '9');
    expect(query(page)).toMatchObject({ cat: '1', subcat: '9', step: '1' });
    await settled(page);
    await select(page, 'יצרן').selectOption({ index: 1 });
    await expect.poll(() => select(page, 'דגם').isEnabled()).toBe(true);
    await settled(page);
    await select(page, 'דגם').selectOption({ index: 1 });
    await settled(page);
    await select(page, 'שנת ייצור').selectOption({ index: 1 });
    await settled(page);
    await next(page).click();
    await atStep(page, 2);
    await settled(page);
    expect(await chosenText(select(page, 'יד'))).toBe('יד שנייה');
    expect(await openStep(page).getByLabel("קילומטראז'").inputValue()).toBe('12,000');
    await page.close();
  });

  it('back, reopen a passed step, change the year: the sub-model resets; browser back is step minus one', async () => {
    const page = await newPage(browser, DESKTOP);
    await startPrivateCar(page, product.url);
    await searchPlate(page, SAMPLE_PLATES.privateCar);
    await page.getByText('מצאנו: טויוטה קורולה 2021').waitFor();
    await settled(page);
    await next(page).click();
    await atStep(page, 2);
    await button(page, 'חזרה').click();
    await atStep(page, 1);
    await next(page).click();
    await atStep(page, 2);
    await settled(page);
    await page.getByLabel("קילומטראז'").fill('120000');
    await next(page).click();
    await atStep(page, 3);

    // Reopen the passed car-type step and change the year.
    await stepItem(page, 'personal_publish_car_type').getByRole('button').click();
    await atStep(page, 1);
    await settled(page);
    await select(page, 'שנת ייצור').selectOption('2020');
    await settled(page);
    const subModels = openStep(page).getByRole('radiogroup', { name: /תת דגם/ });
    expect(await subModels.getByRole('radio', { checked: true }).count()).toBe(0);
    await button(page, 'המשך לשלב האחרון שמילאתם').click();
    await openStep(page).getByText('שדה חובה').waitFor();
    expect(await subModels.getAttribute('aria-invalid')).toBe('true');
    await subModels.getByRole('radio').first().check();
    await button(page, 'המשך לשלב האחרון שמילאתם').click();
    await atStep(page, 3);
    expect(await stepItem(page, 'personal_publish_car_type').textContent()).toContain('2020');

    await page.goBack();
    await atStep(page, 2);
    await page.close();
  });

  it('a reload mid-way resumes at the step reached with every value', async () => {
    const page = await newPage(browser, DESKTOP);
    await startPrivateCar(page, product.url);
    await searchPlate(page, SAMPLE_PLATES.oldPrivateCar);
    await page.getByText(/מצאנו: מאזדה 3 2012/).waitFor();
    await settled(page);
    await next(page).click();
    await atStep(page, 2);
    await settled(page);
    await page.getByLabel("קילומטראז'").fill('210000');
    await next(page).click();
    await atStep(page, 3);
    await page.getByLabel('מחיר').fill('32000'); // typed, not yet checked
    await draftSaved(page);

    await page.reload();
    await atStep(page, 3);
    await settled(page);
    expect(await page.getByLabel('מחיר').inputValue()).toBe('32,000');
    // A passed step's brief waits for its option lists (fetched when the browser is idle after the load), so it
    // never shows the codes: each brief is asked until it shows (the lists of the two steps come one by one).
    await expect
      .poll(async () => await stepItem(page, 'personal_publish_car_type').textContent())
      .toContain('מאזדה 3 2012');
    await expect
      .poll(async () => await stepItem(page, 'personal_publish_car_properties').textContent())
      .toContain('210,000');
    await stepItem(page, 'personal_publish_car_properties').getByRole('button').click();
    await atStep(page, 2);
    await settled(page);
    expect(await page.getByLabel("קילומטראז'").inputValue()).toBe('210,000');
    expect(await plate(page).count()).toBe(0); // on step 2 the plate is in the passed step
    await page.close();
  });

  it('blocked words in the description send the ad to the finish page with the order, cat and subcat', async () => {
    const page = await newPage(browser, DESKTOP);
    await startPrivateCar(page, product.url);
    await searchPlate(page, SAMPLE_PLATES.privateCar);
    await page.getByText('מצאנו: טויוטה קורולה 2021').waitFor();
    await settled(page);
    await finishFromCarType(page, undefined, 'רכב במצב מצוין, בלי סמים ובלי שטויות');
    await page.waitForURL((u) => u.pathname === '/finishArea');
    expect(query(page)).toMatchObject({ cat: '1', subcat: '1', OrderID: expect.stringMatching(/^\d+$/) });
    await page.close();
  });

  it('start over deletes the draft after a confirmation', async () => {
    const page = await newPage(browser, DESKTOP);
    await startPrivateCar(page, product.url);
    await select(page, 'יצרן').selectOption({ label: 'טויוטה' });
    await draftSaved(page);
    await page.getByTestId('start-over').click();
    const dialog = page.getByRole('dialog', { name: 'למחוק את פרטי המודעה?' });
    expect(await dialog.evaluate((d) => Math.round(d.getBoundingClientRect().width))).toBe(300);
    await dialog.getByRole('button', { name: 'מחיקה' }).click();
    await page.getByTestId('picker-vehicles').waitFor();
    expect(query(page).step).toBe('0');
    const draft = await page.request.get(`${product.url}/api/publish/draft?cat=1&subcat=1`);
    expect(await draft.json()).toMatchObject({ values: {}, lastValidStep: 0 });
    await page.close();
  });
});

describe('keyboard only', () => {
  it('publishes a private car with Tab, Enter, Space and arrows, photos and card payment included', async () => {
    const page = await newPage(browser, DESKTOP);
    // Caught from the start (a11y-keyboard-publish.e2e.ts says why: a listener added at the key press can miss it).
    const choosers: FileChooser[] = [];
    page.on('filechooser', (c) => choosers.push(c));
    await registerThroughApi(page, product.url);
    await page.goto(`${product.url}/publish?cat=1`);
    await page.getByTestId('picker-vehicles').waitFor();
    await page.keyboard.press('Tab'); // into the page
    await tabTo(page, { selector: '[data-testid="picker-vehicles"] [role="radio"]' });
    await page.keyboard.press('Enter'); // the first entry: פרטי
    await atStepByKeyboard(page, 1);
    await settled(page);

    // Manual choice with arrows.
    for (const name of ['יצרן', 'דגם', 'שנת ייצור']) {
      await tabTo(page, { name });
      await page.keyboard.press('ArrowDown');
      await settled(page);
    }
    await tabTo(page, { selector: '.submodels input[type="radio"]' });
    await page.keyboard.press('Space');
    expect(await openStep(page).locator('.submodels input:checked').count()).toBe(1);
    await tabTo(page, { name: 'המשך' });
    await page.keyboard.press('Enter');
    await atStepByKeyboard(page, 2);
    await settled(page);

    await tabTo(page, { selector: '.choices--swatches input[type="radio"]' });
    await page.keyboard.press('ArrowLeft'); // arrows move and choose in a radio group
    expect(await openStep(page).locator('.choices--swatches input:checked').count()).toBeGreaterThan(0);
    await settled(page);
    for (const name of ['יד', 'בעלות נוכחית']) {
      await tabTo(page, { name });
      await page.keyboard.press('ArrowDown');
    }
    await tabTo(page, { name: "קילומטראז'" });
    await page.keyboard.type('64000');
    await tabTo(page, { name: 'המשך' });
    await page.keyboard.press('Enter');
    await atStepByKeyboard(page, 3);

    await tabTo(page, { name: 'מחיר' });
    await page.keyboard.type('71000');
    await tabTo(page, { name: 'מוכן/ה לבדיקה בכל מכון' });
    await page.keyboard.press('Space');
    await tabTo(page, { name: 'המשך' });
    await page.keyboard.press('Enter');
    // The empty description is reminded: the popup takes the focus and the keyboard closes it.
    await page.getByRole('dialog').getByRole('heading', { name: 'מודעה עם תיאור מקבלת יותר פניות' }).waitFor();
    await tabTo(page, { name: 'המשך בלי תיאור' });
    await page.keyboard.press('Enter');
    await atStepByKeyboard(page, 4);
    // Photos: the add button opens the file chooser from the keyboard.
    await photosByKeyboard(page, choosers, 'car', ['#1f6feb', '#2da44e']);
    await tabTo(page, { name: 'המשך' });
    await page.keyboard.press('Enter');
    await atStepByKeyboard(page, 5);
    // The contact step: the name comes from the account; a new mobile number is confirmed with the SMS code,
    // typed into the popup (the focus stays inside it).
    await tabTo(page, { name: 'קידומת (טלפון)' });
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowDown'); // '-', 050 … 054
    expect(await openStep(page).getByTestId('phone-prefix-validPhone1').inputValue()).toBe('054');
    const phone = uniqueMobile('054');
    await tabTo(page, { name: 'טלפון' });
    await page.keyboard.type(phone.slice(4));
    await tabTo(page, { name: 'שליחת קוד אימות' });
    await page.keyboard.press('Enter');
    await page.getByTestId('phone-code-popup').waitFor();
    await tabTo(page, { name: 'קוד אימות' });
    await page.keyboard.type(await smsCode(page, product.url, phone));
    await page.keyboard.press('Enter');
    await page.getByTestId('phone-code-popup').waitFor({ state: 'detached' });
    await openStep(page).getByTestId('phone-verified-validPhone1').waitFor();
    await tabTo(page, { name: 'פרסום המודעה' });
    await page.keyboard.press('Enter');
    await atStepByKeyboard(page, 6);
    await page.getByTestId('saved-note').waitFor();
    // Payment by keyboard: VIP, the card, the hosted card form in the popup's frame.
    await tabTo(page, { selector: '[data-testid="track-VIP"] .track__choose' });
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'איך תרצו לשלם?' }).waitFor();
    await tabTo(page, { selector: '[data-testid="pay-creditCard"]' });
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'תשלום בכרטיס אשראי' }).waitFor();
    await page.frameLocator('[data-testid="card-payment-frame"]').getByLabel('מספר כרטיס').waitFor();
    const card = page.frames().find((f) => f.url().includes('/pay/'));
    if (!card) throw new Error('no card frame');
    await tabInFrame(page, card, '#cardNumber');
    await page.keyboard.type('4580000000000000');
    await tabInFrame(page, card, '#expMonth');
    await page.keyboard.type('12');
    await tabInFrame(page, card, '#expYear');
    await page.keyboard.type(String(new Date().getFullYear() + 2));
    await tabInFrame(page, card, '#cvv');
    await page.keyboard.type('123');
    await tabInFrame(page, card, '#idNumber');
    await page.keyboard.type('000000018');
    await tabInFrame(page, card, '#installments');
    await page.keyboard.press('Tab'); // the pay button
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/finishArea', { timeout: SERVER_ROUND_TRIP });
    const finish = page.getByTestId('finish-published');
    await expect.poll(() => finish.getAttribute('data-state'), { timeout: 20_000 }).toBe('active');
    await page.close();
  });
});
