import type { FastifyInstance } from 'fastify';
import { he } from '../i18n/messages.ts';
import { BUSINESS_PACKAGE_PAGE, isBusinessForSale, mayPublishBusinessForSale } from './business-for-sale.ts';
import { guardPublishCalls } from './publish-guard.ts';

/**
 * Business for sale is for second-hand business traders only (spec §6). A logged-in customer without the
 * package who asks for its fields, checks a step or saves is refused (publish-guard.ts) and sent to the package
 * page (finishArea, cat 3, subcat 2).
 */
export function businessForSaleGuard(app: FastifyInstance): void {
  guardPublishCalls(app, {
    applies: isBusinessForSale,
    refusal: (customer) =>
      mayPublishBusinessForSale(customer.trade)
        ? null
        : {
            redirect: BUSINESS_PACKAGE_PAGE,
            message: he.businessPackageNeeded,
            catalogId: 'business-for-sale',
            reason: 'business for sale refused: no second-hand business package',
          },
  });
}
