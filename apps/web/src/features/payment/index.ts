export { PaymentFramePopup } from './PaymentFramePopup.tsx';
export { postPaymentFinished } from './paymentFinished.ts';
export { frameableUrl } from './paymentMessages.ts';
export { refundText } from './refund/refundText.ts';
