import type { GlimpseResponse, RealEstateCountResponse } from '@app/contract/marketCounts';
import { useEffect, useState } from 'react';
import { getJson } from '../../shared/api/index.ts';
import { heCounts } from '../../shared/i18n/index.ts';
import { BdiText } from '../../shared/ui/index.ts';
import type { CountLine } from './liveCountRequest.ts';
import './counts.css';

/** Waits this long after the last change before asking (typing a price, choosing a neighbourhood). */
const DEBOUNCE_MS = 400;

/**
 * The live ads like this one, under the open step (real estate steps 1-3, cars steps 1 and 3). A failed call shows
 * nothing (spec: errors not handled); the line is polite status text, read once it changes.
 */
export function LiveCountLine({ line }: { line: CountLine }) {
  const [count, setCount] = useState<{ url: string; n: number }>();
  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      void getJson<RealEstateCountResponse & GlimpseResponse>(line.url, controller.signal).then((res) => {
        const n = line.kind === 'homes' ? res.data?.data?.count : res.data?.total;
        if (res.ok && typeof n === 'number') setCount({ url: line.url, n });
      });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [line.url, line.kind]);
  if (!count || count.url !== line.url) return null;
  const text =
    line.kind === 'homes' ? heCounts.homes(count.n, line.rent, line.by) : heCounts.cars(count.n, line.byYear);
  return (
    <p className="live-count" role="status" data-testid="live-count" data-count={count.n}>
      <BdiText text={text} />
    </p>
  );
}
