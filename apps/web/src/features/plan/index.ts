export { FINISH_POLL_MS, finishAreaPath, packageFormPath, paymentChannels, shouldPoll } from './flow.ts';
export { PaymentTypePopup } from './PlanPopups.tsx';
