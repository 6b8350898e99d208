import { useEffect, useId, useState } from 'react';
import { calculatePrice, type PriceSuggestion as Price, type PriceQuery } from '../../../shared/api/index.ts';
import { formatPrice } from '../../../shared/format/index.ts';
import { hePrice } from '../../../shared/i18n/index.ts';
import './priceSuggestion.css';

type State = { kind: 'loading' } | { kind: 'ready'; price: Price } | { kind: 'failed' };

const shekels = (amount: number) => formatPrice(amount * 100);

/**
 * The suggested price range of the car (GET {gateway}/price-list/calculate-price), shown on the price step: the
 * range with 'זה הטווח המומלץ למכירת הרכב', or 'אירעה שגיאה בעת טעינת המידע' when the call fails. Nothing while a
 * value it needs is missing. Asked again only when the query changes; a stale answer is dropped.
 */
export function PriceSuggestion({ query }: { query: PriceQuery | null }) {
  const titleId = useId();
  const key = query ? JSON.stringify(query) : '';
  const [state, setState] = useState<State>({ kind: 'loading' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: key stands for query
  useEffect(() => {
    if (!query) return;
    const controller = new AbortController();
    setState({ kind: 'loading' });
    void calculatePrice(query, controller.signal).then((price) => {
      if (controller.signal.aborted) return;
      setState(price ? { kind: 'ready', price } : { kind: 'failed' });
    });
    return () => controller.abort();
  }, [key]);

  if (!query) return null;
  return (
    <section className="price-suggestion" aria-labelledby={titleId} data-testid="price-suggestion">
      <h3 id={titleId} className="price-suggestion__title">
        {hePrice.title}
      </h3>
      <div aria-live="polite">
        {state.kind === 'loading' && (
          <p className="price-suggestion__status" role="status">
            {hePrice.loading}
          </p>
        )}
        {state.kind === 'failed' && (
          <p className="price-suggestion__error" role="alert" data-testid="price-suggestion-error">
            {hePrice.failed}
          </p>
        )}
        {state.kind === 'ready' && <PriceRange price={state.price} />}
      </div>
    </section>
  );
}

function PriceRange({ price }: { price: Price }) {
  const min = shekels(price.minPrice);
  const max = shekels(price.maxPrice);
  const span = price.maxPrice - price.minPrice;
  // Where the predicted price sits on the bar (inline-start is the low end).
  const at = span > 0 ? Math.round(((price.predictedPrice - price.minPrice) / span) * 100) : 50;
  return (
    <div className="price-suggestion__body" data-testid="price-suggestion-range">
      <p className="price-suggestion__range">
        <span className="visually-hidden">{hePrice.rangeLabel(min, max)}</span>
        <span aria-hidden="true">
          <bdi data-testid="price-min">{min}</bdi> – <bdi data-testid="price-max">{max}</bdi>
        </span>
      </p>
      <div className="price-suggestion__bar" aria-hidden="true">
        <span className="price-suggestion__marker" style={{ insetInlineStart: `${at}%` }} />
      </div>
      <p className="price-suggestion__caption">{hePrice.caption}</p>
      <p className="price-suggestion__predicted">
        {hePrice.predicted}: <bdi data-testid="price-predicted">{shekels(price.predictedPrice)}</bdi>
      </p>
      <p className="price-suggestion__basis">{hePrice.basis}</p>
    </div>
  );
}
