import type { FrameLocator } from 'playwright-core';

/** The payment sandbox's test cards: one it approves, one it declines. */
export const SUCCESS_CARD = '4580 0000 0000 0000';
export const DECLINED_CARD = '4000 0000 0000 0002';
/** A valid Israeli ID (check digit 8). */
export const ISRAELI_ID = '000000018';

/** Fills the hosted card form (inside the card popup's frame) with a card valid for two more years. */
export async function fillCard(frame: FrameLocator, card: string, installments?: string): Promise<void> {
  await frame.getByLabel('מספר כרטיס').fill(card);
  await frame.getByLabel('חודש').selectOption('12');
  await frame.getByLabel('שנה', { exact: true }).selectOption(String(new Date().getFullYear() + 2));
  await frame.getByLabel('קוד אבטחה (CVV)').fill('123');
  await frame.getByLabel('מספר תעודת זהות של בעל הכרטיס').fill(ISRAELI_ID);
  if (installments) await frame.getByLabel('מספר תשלומים').selectOption(installments);
}
