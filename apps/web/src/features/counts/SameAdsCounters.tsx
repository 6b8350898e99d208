import { type AdsCountersResponse, hasAdsCounters, showsAdsCounters } from '@app/contract/marketCounts';
import { useEffect, useState } from 'react';
import { getJson } from '../../shared/api/index.ts';
import { heCounts } from '../../shared/i18n/index.ts';
import { BdiText } from '../../shared/ui/index.ts';
import './counts.css';

/**
 * The plan step's same-ads counters (after-save-area.md §3 "Ad counters", §5, §7, §9): fetched once the ad is saved,
 * shown only when at least SAME_ADS_THRESHOLD (200) live ads are like it — where an upgrade makes a difference.
 */
export function SameAdsCounters({ cat, subcat, orderId }: { cat: number; subcat: number | null; orderId: number }) {
  const [counters, setCounters] = useState<AdsCountersResponse>();
  useEffect(() => {
    if (!hasAdsCounters(cat, subcat)) return;
    const controller = new AbortController();
    void getJson<AdsCountersResponse>(
      `/api/publish/get-ads-counters/${cat}/${subcat}/${encodeURIComponent(String(orderId))}`,
      controller.signal,
    ).then((res) => {
      if (res.ok && res.data?.counters) setCounters(res.data);
    });
    return () => controller.abort();
  }, [cat, subcat, orderId]);
  if (!counters || !showsAdsCounters(counters)) return null;
  const { yellow, pink, grey, area } = counters.counters;
  return (
    <section className="same-ads" data-testid="same-ads" aria-labelledby="same-ads-title">
      <h3 id="same-ads-title" className="same-ads__title">
        {heCounts.sameTitle}
      </h3>
      <p>
        <BdiText text={heCounts.sameText(counters.total)} />
      </p>
      <ul className="same-ads__list">
        {(
          [
            ['yellow', yellow],
            ['pink', pink],
            ['grey', grey],
          ] as const
        ).map(([color, n]) => (
          <li key={color}>
            <span className={`same-ads__dot same-ads__dot--${color}`} aria-hidden="true" />
            <bdi>{n.toLocaleString('en-US')}</bdi> {heCounts[color]}
          </li>
        ))}
        {area !== null && (
          <li>
            <bdi>{area.toLocaleString('en-US')}</bdi> {heCounts.area}
          </li>
        )}
      </ul>
    </section>
  );
}
