/**
 * Pets, studies, tourism, each household-workers choice and customer info in the browser: a new user fills
 * every required field with realistic values and reaches the login step (customer info and household
 * workers, which have no plan step, save there); the draft or the saved ad is read back. Also: a session
 * that ends on the way opens the login popup, and the login brings the contact area again, alone.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, PHONE } from '../support/browser.ts';
import type { Product } from '../support/product.ts';
import { useProductAndBrowser } from '../support/suite.ts';
import {
  choice,
  draftHas,
  field,
  next,
  onStep,
  publish,
  selectText,
  shot,
  startCategory,
  toLoginStep,
} from './category-helpers.ts';
import { adValues, button, chosenText, openStep, registerThroughApi } from './wizard-helpers.ts';

let product: Product;
let browser: Browser;
useProductAndBrowser((p, b) => {
  product = p;
  browser = b;
});

async function csrf(page: Page): Promise<string> {
  return (await page.context().cookies(product.url)).find((c) => c.name === 'csrf')?.value ?? '';
}

describe('pets: a dog for adoption, at 375 px', () => {
  it('fills every required field and reaches the login step; a session that ended is renewed in the popup', async () => {
    const page = await newPage(browser, PHONE);
    const account = await registerThroughApi(page, product.url);
    await page.goto(`${product.url}/publish?cat=5`);
    await page.getByTestId('picker-pets').waitFor();
    await shot(page, 'pets-picker');
    await page.getByTestId('picker-pets').getByRole('radio', { name: 'כלבים', exact: true }).click();
    await onStep(page, 1);
    await selectText(page, 'גזע', 'לברדור רטריבר');
    await choice(page, 'סוג המודעה', 'למסירה לאימוץ').check();
    expect(await field(page, 'מחיר').count()).toBe(0); // no price for an adoption
    await choice(page, 'מין', 'נקבה').check();
    await selectText(page, 'גיל', 'שנה עד 3 שנים');
    await selectText(page, 'אזור', 'השרון');
    await shot(page, 'pets-properties', true);

    // The session ends on the way: the step check asks for a login (422) and the popup opens.
    const res = await page.request.post(`${product.url}/api/auth/logout`, {
      headers: { 'x-csrf-token': await csrf(page) },
    });
    expect(res.status()).toBe(200);
    await button(page, 'המשך').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('דואר אלקטרוני').fill(account.email);
    await dialog.getByLabel('סיסמה', { exact: true }).fill(account.password);
    await dialog.getByRole('button', { name: 'התחברות', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await choice(page, 'מין', 'נקבה').isChecked()).toBe(true); // nothing typed is lost

    await next(page, 2);
    await choice(page, 'מאפיינים נוספים', 'מחונך/ת לצרכים').check();
    await field(page, 'תיאור קצר').fill('כלבה מתוקה ורגועה, מחונכת לצרכים, אוהבת ילדים ומסתדרת עם חתולים.');
    await shot(page, 'pets-more');
    await next(page, 3);
    await toLoginStep(page, 3, 'pets');
    await draftHas(
      page,
      product.url,
      { cat: '5', petType: '1' },
      { breed: '1001', adType: '2', sex: '2', age: '4', area: '4', features: ['7'] },
    );
    await page.close();
  });
});

describe('studies: a course, at 375 px', () => {
  it('step 0 is the studies picker; fills every required field and reaches the login step', async () => {
    const page = await newPage(browser, PHONE);
    const fieldCalls: URL[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      // The wizard's fields (the contact step's prefill, GET fields?…&area=…, is a call of its own).
      if (url.pathname === '/api/publish/fields' && !url.searchParams.has('area')) fieldCalls.push(url);
    });
    await startCategory(page, product.url, 'cat=6');
    await page.getByTestId('picker-studies').waitFor();
    await shot(page, 'studies-picker');
    expect(fieldCalls).toEqual([]); // the category alone fetches no fields
    await page.getByTestId('picker-studies').getByRole('radio', { name: 'קורסים וסדנאות', exact: true }).click();
    await onStep(page, 1);
    await selectText(page, 'תחום הלימוד', 'פסנתר');
    await choice(page, 'רמות לימוד', 'יסודי').check();
    await choice(page, 'רמות לימוד', 'מבוגרים').check();
    await choice(page, 'איפה מתקיימים השיעורים', 'בבית המורה').check();
    await selectText(page, 'אזור', 'תל אביב - יפו');
    await field(page, 'מחיר').fill('1200');
    await selectText(page, 'המחיר הוא', 'לקורס');
    await field(page, 'מספר מפגשים').fill('10'); // courses have meetings
    await field(page, 'על המורה והשיעורים').fill(
      'פסנתרנית ומורה מוסמכת עם 12 שנות ניסיון, קורס למתחילים בקבוצות קטנות עם הופעת סיום.',
    );
    await shot(page, 'studies-field', true);
    await next(page, 2);
    await toLoginStep(page, 2, 'studies');
    await draftHas(
      page,
      product.url,
      { cat: '6', subcat: '2' },
      {
        subject: '401',
        levels: ['2', '9'],
        lessonPlaces: ['2'],
        area: '2',
        price: '1200',
        priceUnit: '2',
        meetings: '10',
      },
    );
    // Another sub-category is another wizard: its fields are fetched, and nothing of the course is in them.
    await page.getByTestId('step-category').getByRole('button').click();
    await page.getByTestId('picker-studies').getByRole('radio', { name: 'חוגים לילדים', exact: true }).click();
    await onStep(page, 1);
    expect(fieldCalls.map((url) => url.searchParams.get('subcat'))).toEqual(['2', '3']);
    expect(await chosenText(field(page, 'תחום הלימוד'))).toBe('בחירה');
    expect(await field(page, 'מספר מפגשים').inputValue()).toBe('');
    await page.close();
  });
});

describe('tourism: a zimmer, at 375 px', () => {
  it('step 0 chooses the board; the unit types are the board’s; reaches the login step', async () => {
    const page = await newPage(browser, PHONE);
    await startCategory(page, product.url, 'cat=10', { picker: 'tourism', entry: 'צימרים ובקתות', shot: 'tourism' });
    await onStep(page, 1);
    const units = await field(page, 'סוג היחידה').locator('option').allTextContents();
    expect(units).toContain('צימר');
    expect(units).not.toContain('וילה עם בריכה');
    await selectText(page, 'סוג היחידה', 'צימר');
    await selectText(page, 'אזור', 'גליל עליון');
    await field(page, 'יישוב').fill('ראש פינה');
    await field(page, 'מספר אורחים מרבי').fill('4');
    await field(page, 'מחיר ללילה באמצע השבוע').fill('950');
    await field(page, 'מחיר ללילה בסוף השבוע').fill('1250');
    await openStep(page).getByLabel('מיידי', { exact: true }).check();
    await choice(page, 'מה יש במקום', "ג'קוזי").check();
    await field(page, 'תיאור המקום').fill('צימר זוגי מעץ עם ג׳קוזי ונוף לחרמון, חמש דקות מהמושבה ומהמסעדות.');
    await shot(page, 'tourism-details', true);
    await next(page, 2);
    await toLoginStep(page, 2, 'tourism');
    await draftHas(
      page,
      product.url,
      { cat: '10', subcat: '1' },
      { unitType: '101', region: '1', settlement: 'ראש פינה', maxGuests: '4', priceMidweek: '950', amenities: ['1'] },
    );
    await page.close();
  });
});

/** What each household-workers choice asks on its first step. */
const HOUSEHOLD: {
  entry: string;
  subcat: string;
  fill: (page: Page) => Promise<void>;
  values: Record<string, unknown>;
}[] = [
  {
    entry: 'פרסום מטפלת',
    subcat: '1',
    fill: async (page) => {
      await field(page, 'גיל').fill('34');
      await selectText(page, 'ניסיון', 'מעל 5 שנים');
      await choice(page, 'גילאי ילדים שאני מטפל/ת בהם', 'פעוטות (1–3)').check();
      await choice(page, 'היקף משרה', 'משרה מלאה').check();
      await selectText(page, 'אזור', 'גוש דן');
      await field(page, 'שכר מבוקש לשעה').fill('60');
    },
    values: { age: '34', experience: '5', childAges: ['2'], jobType: ['1'], area: '3', hourlyRate: '60' },
  },
  {
    entry: 'חיפוש מטפלת',
    subcat: '2',
    fill: async (page) => {
      await field(page, 'מספר ילדים').fill('2');
      await choice(page, 'גילאי הילדים', 'תינוקות (עד שנה)').check();
      await choice(page, 'היקף משרה', 'משרה חלקית').check();
      await openStep(page).getByLabel('מיידי', { exact: true }).check();
      await selectText(page, 'אזור', 'ירושלים והסביבה');
    },
    values: { kidsCount: '2', childAges: ['1'], jobType: ['2'], area: '1' },
  },
  {
    entry: 'פרסום עוזרת בית',
    subcat: '3',
    fill: async (page) => {
      await field(page, 'גיל').fill('41');
      await selectText(page, 'ניסיון', '3–5 שנים');
      await choice(page, 'מה אני עושה', 'ניקיון הבית').check();
      await choice(page, 'מה אני עושה', 'כביסה וגיהוץ').check();
      await choice(page, 'היקף משרה', 'שעות גמישות').check();
      await selectText(page, 'אזור', 'חיפה והקריות');
      await field(page, 'שכר מבוקש לשעה').fill('70');
    },
    values: { age: '41', experience: '4', services: ['1', '2'], jobType: ['3'], area: '6', hourlyRate: '70' },
  },
  {
    entry: 'חיפוש עוזרת בית',
    subcat: '4',
    fill: async (page) => {
      await selectText(page, 'גודל הבית', '5 חדרים');
      await choice(page, 'מה צריך לעשות', 'ניקיון הבית').check();
      await choice(page, 'היקף משרה', 'משרה חלקית').check();
      await field(page, 'תחילת עבודה').fill('01/03/2031');
      await selectText(page, 'אזור', 'השרון');
    },
    values: { homeSize: '3', services: ['1'], jobType: ['2'], startDate: '01/03/2031', area: '4' },
  },
];

describe('household workers: each choice, at 375 px', () => {
  for (const [index, choiceOf] of HOUSEHOLD.entries()) {
    it(`${choiceOf.entry}: fills every required field and reaches the login step (no plan step)`, async () => {
      const page = await newPage(browser, PHONE);
      await startCategory(page, product.url, 'cat=14', {
        picker: 'householdWorkers',
        entry: choiceOf.entry,
        ...(index === 0 ? { shot: 'household' } : {}),
      });
      await onStep(page, 1);
      await choiceOf.fill(page);
      await shot(page, `household-${choiceOf.subcat}-properties`, true);
      await next(page, 2);
      await field(page, 'כמה מילים').fill('אחראית, סבלנית ואוהבת ילדים. ממליצים מהמשפחות הקודמות לפי בקשה.');
      await shot(page, `household-${choiceOf.subcat}-more`);
      await next(page, 3);
      await toLoginStep(page, 3, `household-${choiceOf.subcat}`);
      // No plan step: the login step is the last one, and it publishes.
      expect(await page.getByTestId('step-personal_publish_payment_choose').count()).toBe(0);
      await draftHas(page, product.url, { cat: '14', subcat: choiceOf.subcat }, choiceOf.values);
      if (index === 0) {
        const id = await publish(page);
        expect(await openStep(page).getAttribute('data-testid')).toBe('step-personal_publish_login');
        await shot(page, 'household-1-saved');
        expect((await adValues(page, product.url, id)).values).toMatchObject(choiceOf.values);
      }
      await page.close();
    });
  }
});

describe('customer info (cat 100), at 375 px', () => {
  it('no picker: the details step opens at once; the details are saved', async () => {
    const page = await newPage(browser, PHONE);
    await startCategory(page, product.url, 'cat=100');
    await onStep(page, 1);
    // Nothing to choose: no category step; the page names the category and the details are step 1.
    await page.getByRole('heading', { level: 1, name: 'פרטי לקוח' }).waitFor();
    expect(await page.getByTestId('step-category').count()).toBe(0);
    expect(await openStep(page).locator('.step__number').textContent()).toBe('1');
    await field(page, 'שם העסק או השם לתצוגה').fill('שיפוצי כהן ובניו');
    await selectText(page, 'תחום העיסוק', 'שיפוצים ובנייה');
    await selectText(page, 'אזור פעילות', 'המרכז והשפלה');
    await field(page, 'אתר אינטרנט').fill('www.cohen-shiputzim.co.il');
    await field(page, 'שעות פעילות').fill('א׳–ה׳ 8:00–17:00');
    await field(page, 'קצת עליכם').fill('עסק משפחתי לשיפוצים כלליים מאז 1998: ריצוף, גבס, צבע ואינסטלציה.');
    await button(page, 'פרסום המודעה').click();
    await openStep(page).getByText('יש להזין כתובת אתר מלאה, לדוגמה https://www.example.co.il').waitFor();
    await field(page, 'אתר אינטרנט').fill('https://www.cohen-shiputzim.co.il');
    await shot(page, 'customer-info-details', true);
    await draftHas(page, product.url, { cat: '100' }, { businessName: 'שיפוצי כהן ובניו', businessField: '1' });
    const id = await publish(page);
    await shot(page, 'customer-info-saved');
    expect((await adValues(page, product.url, id)).values).toMatchObject({
      businessName: 'שיפוצי כהן ובניו',
      area: '5',
      website: 'https://www.cohen-shiputzim.co.il',
    });
    await page.close();
  });
});
