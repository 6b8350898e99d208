import { useSearchParams } from '../app/routing.tsx';
import { he } from '../i18n/he.ts';
import { BusinessForSaleFinish } from './BusinessForSaleFinish.tsx';
import NotAvailablePage from './NotAvailablePage.tsx';

/**
 * /finishArea. Only the business-for-sale message exists so far (cat 3, subcat 2: a business customer
 * without a package); the thank-you page of a published ad comes with the wizard.
 */
export default function FinishAreaPage() {
  const [params] = useSearchParams();
  if (params.get('cat') === '3' && params.get('subcat') === '2') return <BusinessForSaleFinish />;
  return <NotAvailablePage text={he.finishArea.unavailableText} />;
}
