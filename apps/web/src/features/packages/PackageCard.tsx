import type { OrderTypeItem } from '@app/contract/orders';
import type { ReactNode } from 'react';
import { formatPrice } from '../../shared/format/index.ts';
import { hePackages } from '../../shared/i18n/index.ts';
import './packages.css';

const t = hePackages.packages;

/** One package as a card (the /packages page's offers, an ad's upgrades): title, price, what it gives, an action. */
export function PackageCard({ item, action, tag }: { item: OrderTypeItem; action?: ReactNode; tag?: string }) {
  const titleId = `package-${item.hash}-title`;
  return (
    <article
      className={`package-card package-card--${item.dealColor}${item.recommended ? ' package-card--recommended' : ''}`}
      aria-labelledby={titleId}
      data-package={item.hash}
    >
      {item.recommended && <p className="package-card__badge">{t.recommended}</p>}
      {tag && <p className="package-card__tag">{tag}</p>}
      <h3 id={titleId} className="package-card__title">
        {item.title}
      </h3>
      <p className="package-card__header">{item.headerText}</p>
      <p className="package-card__price">
        <bdi>{formatPrice(item.amountAgorot)}</bdi>
      </p>
      <p className="package-card__days">{item.text ?? t.perDays(item.days)}</p>
      <ul className="package-card__lines">
        {item.description_inner.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {action && <div className="package-card__action">{action}</div>}
    </article>
  );
}
