/** One account's page (/operator/customers/<id>, support and admin): the search's card with its activity open. */
import { useEffect, useState } from 'react';
import { type CustomerSummary, fetchStaffCustomer } from '../../shared/api/index.ts';
import { heOperator } from '../../shared/i18n/index.ts';
import { Link } from '../../shared/routing/index.ts';
import { ErrorNote } from './parts.tsx';
import { CustomerCard } from './SupportSearch.tsx';
import { sectionPath } from './sections.ts';

const t = heOperator;

export function CustomerPage({ id }: { id: number }) {
  const [customer, setCustomer] = useState<CustomerSummary | null>(null);
  const [error, setError] = useState<string>();
  useEffect(() => {
    let alive = true;
    void fetchStaffCustomer(id).then((res) => {
      if (!alive) return;
      if (res.ok && res.data?.customer) setCustomer(res.data.customer);
      else setError(res.status === 404 ? t.customerNotFound : (res.data?.message ?? t.failed));
    });
    return () => {
      alive = false;
    };
  }, [id]);
  return (
    <section className="operator__section" aria-labelledby="customer-page-title" data-testid="customer-page">
      <p className="console__back">
        <Link to={sectionPath('customers')}>{t.toCustomers}</Link>
      </p>
      <h2 id="customer-page-title">{t.customerPage}</h2>
      <ErrorNote text={error} />
      {!customer && !error && <p role="status">{t.activity.loading}</p>}
      {customer && (
        <ul className="operator__customers" data-testid="customers">
          <CustomerCard customer={customer} onChanged={setCustomer} page />
        </ul>
      )}
    </section>
  );
}
