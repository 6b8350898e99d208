import { CAT, SUBCAT } from '@app/catalog/categories/ids';
import { useSearchParams } from '../../shared/routing/index.ts';
import { BusinessForSaleFinish } from './BusinessForSaleFinish.tsx';
import { EditedFinish } from './EditedFinish.tsx';
import { NoOrderFinish } from './NoOrderFinish.tsx';
import { PackageLeadFinish } from './PackageLeadFinish.tsx';
import { PublishedFinish } from './PublishedFinish.tsx';

/**
 * /finishArea: an edit that went live (action=edited, where order-edited redirects) and the business-for-sale
 * message (cat 3, subcat 2 without an ad: a business customer without a package); with an OrderID, the end of
 * publishing (title, message, where the ad stands, the payment failure when result=failure); without one (the
 * personal area's link), what the page is for and the ways on.
 */
export default function FinishAreaPage() {
  const [params] = useSearchParams();
  const orderId = params.get('OrderID');
  const validOrderId = orderId && /^\d{1,15}$/.test(orderId) ? orderId : null;
  if (params.get('action') === 'edited') return <EditedFinish orderId={validOrderId} />;
  if (params.get('action') === 'packageLead') return <PackageLeadFinish orderId={validOrderId} />;
  if (validOrderId) return <PublishedFinish key={validOrderId} orderId={validOrderId} params={params} />;
  const businessForSale =
    params.get('cat') === String(CAT.secondHand) && params.get('subcat') === String(SUBCAT.secondHandBusiness);
  if (businessForSale) return <BusinessForSaleFinish />;
  return <NoOrderFinish />;
}
