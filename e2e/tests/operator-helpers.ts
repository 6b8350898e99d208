/** The console's demo operator (an admin: every role's screens), signed in with its password and TOTP code. */
import { TOTP } from 'otpauth';
import type { Page } from 'playwright-core';

/** The demo operator the server seeds and prints at start (SEED_DEMO). */
export const OPERATOR = {
  email: 'operator@demo.co.il',
  password: 'Operator123',
  secret: 'KRUGS4ZANFZSAYJAMRSW233POBSXEYLUN5ZA',
};
export const codeOf = (secret: string) => new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' }).generate();

/** The 30-second steps whose code this file has used, per secret: the server takes each step's code once. */
const usedSteps = new Map<string, number>();

/** A code of a step not used yet (waits for the next step when this one's code was used). */
export async function freshCode(secret: string): Promise<string> {
  const step = () => Math.floor(Date.now() / 30_000);
  if (usedSteps.get(secret) === step())
    await new Promise((r) => setTimeout(r, (step() + 1) * 30_000 - Date.now() + 50));
  usedSteps.set(secret, step());
  return codeOf(secret);
}

export async function operatorSignIn(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/operator`);
  await page.getByRole('heading', { name: 'כניסת צוות', level: 1 }).waitFor();
  await page.getByLabel('דוא"ל').fill(OPERATOR.email);
  await page.getByLabel('סיסמה').fill(OPERATOR.password);
  await page.getByRole('button', { name: 'המשך' }).click();
  await page.getByLabel('קוד מהאפליקציה').fill(await freshCode(OPERATOR.secret));
  await page.getByRole('button', { name: 'כניסה', exact: true }).click();
  await page.getByText('שלום מפעיל הדגמה').waitFor();
}
