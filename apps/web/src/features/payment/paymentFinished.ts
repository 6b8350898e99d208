/**
 * The payment frame's result message (after-save-area.md §4 "Payment type popup", "Payment result"): the result page
 * /finishPayment, shown inside the payment iframe once the provider's hosted page sends its frame back to us, posts
 * PaymentFinishedMessage to its parent. The parent (the payment popups) accepts it only from its own origin and
 * only from that iframe's window: any other page or frame that posts the same shape is ignored.
 */
import type { PaymentFinishedMessage } from '@app/contract/orders';

/** The part of a window the listener uses (a test passes a stand-in). */
export interface MessageWindow {
  location: { origin: string };
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

/** Whether a message's data has the payment-finished shape (never trusted for more than routing). */
export function isPaymentFinishedMessage(data: unknown): data is PaymentFinishedMessage {
  if (typeof data !== 'object' || data === null) return false;
  const m = data as Record<string, unknown>;
  return (
    m.type === 'payment-finished' &&
    typeof m.OrderID === 'number' &&
    Number.isSafeInteger(m.OrderID) &&
    typeof m.ok === 'boolean' &&
    (m.action === 'finish' || m.action === 'upgrade')
  );
}

/**
 * Calls onMessage for each payment-finished message that comes from exactly our origin and from the iframe's own
 * window. Answers the function that stops listening (call it when the popup closes).
 */
export function listenPaymentFinished(
  iframe: Pick<HTMLIFrameElement, 'contentWindow'>,
  onMessage: (message: PaymentFinishedMessage) => void,
  win: MessageWindow = window,
): () => void {
  const listener = (event: MessageEvent) => {
    if (event.origin !== win.location.origin) return;
    if (!iframe.contentWindow || event.source !== iframe.contentWindow) return;
    if (!isPaymentFinishedMessage(event.data)) return;
    onMessage({ type: 'payment-finished', OrderID: event.data.OrderID, ok: event.data.ok, action: event.data.action });
  };
  win.addEventListener('message', listener);
  return () => win.removeEventListener('message', listener);
}

/** The result page's side: post the message to the parent, to our own origin only. */
export function postPaymentFinished(
  message: PaymentFinishedMessage,
  win: { parent: { postMessage(message: unknown, targetOrigin: string): void }; location: { origin: string } } = window,
): void {
  win.parent.postMessage(message, win.location.origin);
}
