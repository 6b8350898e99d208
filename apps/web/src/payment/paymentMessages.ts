/**
 * The payment frame's result page posts { type: 'payment-finished', … } to its parent (after-save-area.md §4
 * "Payment result"). The parent trusts it only when it comes from its own origin AND from the window of the
 * payment iframe it opened: any other page (another tab, a forged frame, the payment host itself) is ignored.
 */
import type { PaymentFinishedMessage } from '@app/contract/orders';

/** The parts of a MessageEvent the guard reads (a plain object in tests). */
export interface MessageLike {
  origin: string;
  source: unknown;
  data: unknown;
}

/** The message when it is a trusted payment-finished message, else null. */
export function trustedPaymentFinished(
  event: MessageLike,
  frameWindow: Window | null | undefined,
  ownOrigin: string,
): PaymentFinishedMessage | null {
  if (!frameWindow || event.source !== frameWindow) return null;
  if (!ownOrigin || ownOrigin === 'null' || event.origin !== ownOrigin) return null;
  const data = event.data as Partial<PaymentFinishedMessage> | null;
  if (!data || typeof data !== 'object' || data.type !== 'payment-finished') return null;
  const orderId = Number(data.OrderID);
  return {
    type: 'payment-finished',
    OrderID: Number.isSafeInteger(orderId) ? orderId : 0,
    ok: data.ok !== false,
    action: data.action === 'upgrade' ? 'upgrade' : 'finish',
  };
}

/**
 * Listens on `win` for the payment frame's message; calls onFinished once per trusted message. The frame is read
 * when the message arrives (the iframe may be replaced). Returns the function that stops listening.
 */
export function listenForPaymentFinished(
  frame: () => HTMLIFrameElement | null,
  onFinished: (message: PaymentFinishedMessage) => void,
  win: Window = window,
): () => void {
  const onMessage = (event: MessageEvent) => {
    const message = trustedPaymentFinished(event, frame()?.contentWindow, win.location.origin);
    if (message) onFinished(message);
  };
  win.addEventListener('message', onMessage);
  return () => win.removeEventListener('message', onMessage);
}

/** A payment page URL the server gave, when it may be framed: http(s) only (never javascript:, data:, blob:). */
export function frameableUrl(value: string | undefined, origin: string): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value.trim(), origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
