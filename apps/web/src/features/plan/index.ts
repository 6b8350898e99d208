export { FINISH_POLL_MS, paymentChannels, shouldPoll } from './flow.ts';
export { PaymentTypePopup } from './PlanPopups.tsx';
