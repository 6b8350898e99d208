import type { PaymentFinishedMessage } from '@app/contract/orders';
import { useEffect, useRef } from 'react';
import { hePlan } from '../../shared/i18n/index.ts';
import { Popup } from '../../shared/popups/index.ts';
import { listenPaymentFinished } from './paymentFinished.ts';
import './payment.css';

export interface PaymentFramePopupProps {
  channel: 'creditCard' | 'bit';
  /** The hosted payment page (already checked to be http(s)). */
  url: string;
  /** The card popup of the free trial is 660 high instead of 700 (spec §9). */
  trial?: boolean;
  /** The isSuspected variant: a note above the page that the ad waits for review once paid. */
  suspected?: boolean;
  onFinished: (message: PaymentFinishedMessage) => void;
  onClose: () => void;
}

/**
 * The card popup (492x700, 660 for the trial) or the mobile-payment popup (470x550) with the hosted payment page
 * in an iframe (spec §2 "Popups", §9). The frame's result page posts 'payment-finished'; only a message from our
 * origin and from this iframe's window is taken.
 */
export function PaymentFramePopup({
  channel,
  url,
  trial = false,
  suspected = false,
  onFinished,
  onClose,
}: PaymentFramePopupProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const finished = useRef(onFinished);
  finished.current = onFinished;
  useEffect(
    () =>
      // The iframe element is read when a message arrives (the popup may render it after this effect).
      listenPaymentFinished(
        {
          get contentWindow() {
            return frame.current?.contentWindow ?? null;
          },
        },
        (message) => finished.current(message),
      ),
    [],
  );
  const card = channel === 'creditCard';
  const size = card ? { width: 492, height: trial ? 660 : 700 } : { width: 470, height: 550 };
  const t = card ? hePlan.cardPopup : hePlan.appPopup;
  return (
    <Popup header={t.header} size={size} onClose={onClose} className="payment-popup">
      {suspected && (
        <p className="review-note" data-testid="payment-review-note">
          {hePlan.reviewAfterPayment}
        </p>
      )}
      <iframe
        ref={frame}
        className="payment-popup__frame"
        title={t.frameTitle}
        src={url}
        style={{ blockSize: `${size.height - (suspected ? 170 : 110)}px` }}
        data-testid={card ? 'card-payment-frame' : 'app-payment-frame'}
        allow="payment"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the popup's focus trap lists [tabindex]; without it Tab never reaches the payment form
        tabIndex={0}
      />
    </Popup>
  );
}
