import { useSearchParams } from '../app/routing.tsx';
import { he } from '../i18n/he.ts';
import { BusinessForSaleFinish } from './BusinessForSaleFinish.tsx';
import { EditedFinish } from './EditedFinish.tsx';
import NotAvailablePage from './NotAvailablePage.tsx';
import { PackageLeadFinish } from './PackageLeadFinish.tsx';

/**
 * /finishArea: an edit that went live (action=edited, where order-edited redirects) and the business-for-sale
 * message (cat 3, subcat 2: a business customer without a package); the thank-you page of a published ad comes
 * with the plan step.
 */
export default function FinishAreaPage() {
  const [params] = useSearchParams();
  if (params.get('action') === 'edited') {
    const orderId = params.get('OrderID');
    return <EditedFinish orderId={orderId && /^\d{1,15}$/.test(orderId) ? orderId : null} />;
  }
  if (params.get('action') === 'packageLead') {
    const orderId = params.get('OrderID');
    return <PackageLeadFinish orderId={orderId && /^\d{1,15}$/.test(orderId) ? orderId : null} />;
  }
  if (params.get('cat') === '3' && params.get('subcat') === '2') return <BusinessForSaleFinish />;
  return <NotAvailablePage text={he.finishArea.unavailableText} />;
}
