export { FINISH_POLL_MS, packageFormPath, paymentChannels, shouldPoll } from './flow.ts';
export { PaymentTypePopup } from './PlanPopups.tsx';
