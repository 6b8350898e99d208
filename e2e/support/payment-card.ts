import type { FrameLocator } from 'playwright-core';

/**
 * The payment sandbox's test cards (apps/server/src/payments/sandbox/test-cards.json): one it approves, and one per
 * failure reason (declined, expired card, failed card-holder authentication, technical failure).
 */
export const SUCCESS_CARD = '4580 0000 0000 0000';
export const DECLINED_CARD = '4000 0000 0000 0002';
export const EXPIRED_CARD = '4000 0000 0000 0069';
export const AUTHENTICATION_FAILS_CARD = '4000 0084 0000 1629';
export const PROCESSING_ERROR_CARD = '4000 0000 0000 0119';
/** A valid Israeli ID (check digit 8). */
export const ISRAELI_ID = '000000018';

/** Fills the hosted card form (inside the card popup's frame, or the page itself) with a card valid two more years. */
export async function fillCard(
  frame: Pick<FrameLocator, 'getByLabel'>,
  card: string,
  installments?: string,
): Promise<void> {
  await frame.getByLabel('מספר כרטיס').fill(card);
  await frame.getByLabel('חודש').selectOption('12');
  await frame.getByLabel('שנה', { exact: true }).selectOption(String(new Date().getFullYear() + 2));
  await frame.getByLabel('קוד אבטחה (CVV)').fill('123');
  await frame.getByLabel('מספר תעודת זהות של בעל הכרטיס').fill(ISRAELI_ID);
  if (installments) await frame.getByLabel('מספר תשלומים').selectOption(installments);
}
