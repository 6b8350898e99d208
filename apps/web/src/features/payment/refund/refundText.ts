/** The automatic refund of a payment that delivered nothing (the ad was finished another way), in Hebrew. */
import type { PaymentRefund } from '@app/contract/orders';
import { formatPrice } from '../../../shared/format/index.ts';

export const heRefund = {
  refunded: (amount: string) => `התשלום הוחזר: ${amount} הוחזרו לאמצעי התשלום, כי המודעה פורסמה בלי התשלום הזה.`,
  pending: (amount: string) => `התשלום יוחזר: החזר של ${amount} לאמצעי התשלום בטיפול, כי המודעה פורסמה בלי התשלום הזה.`,
} as const;

/** What the finish page and /my-ads say of a refund. */
export const refundText = (refund: PaymentRefund): string => heRefund[refund.status](formatPrice(refund.agorot));
