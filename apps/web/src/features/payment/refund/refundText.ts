/** An automatic refund of the ad's payment (it delivered nothing, or the ad was refused), in Hebrew. */
import type { PaymentRefund } from '@app/contract/orders';
import { formatPrice } from '../../../shared/format/index.ts';
import { heRefund } from '../../../shared/i18n/index.ts';

/** What the finish page and /my-ads say of a refund. */
export const refundText = (refund: PaymentRefund): string =>
  heRefund[refund.status][refund.reason](formatPrice(refund.agorot));
