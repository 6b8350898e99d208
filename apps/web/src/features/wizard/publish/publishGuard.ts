import { customerTradesIn } from '@app/catalog/trader';
import type { Customer } from '../../../shared/api/index.ts';

/**
 * Where /publish must send the customer instead (publish-wizard.md §2): a guest with a category to /login
 * with a continue link; a logged-in non-trader on second-hand business for sale to finishArea. Null = stay.
 */
export function publishRedirect(query: URLSearchParams, customer: Customer): string | null {
  const cat = query.get('cat');
  if (!cat) return null;
  if (customer.id === 0) return `/login?continue=${encodeURIComponent(`/publish?${query}`)}`;
  const businessForSale = cat === '3' && query.get('subcat') === '2' && query.get('SalesCatID') === '37';
  if (businessForSale && !customerTradesIn(customer.trade, 3, 2)) return '/finishArea?cat=3&subcat=2';
  return null;
}
