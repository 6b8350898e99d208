/**
 * The search and filters of /my-ads for an account with many ads: words or an ad's number, status, category, track,
 * ending within the week and the sort, as a GET form whose values are the page's query (a view is an address to
 * share or reload). Submitting puts them in the address; the list reads them from there.
 */
import { CATEGORY_TITLES } from '@app/catalog/chooser';
import { upgradeTitleOf } from '@app/catalog/packages';
import { trackTitleOfType } from '@app/catalog/tracks';
import { MY_AD_STATUSES, MY_ADS_SORTS } from '@app/contract/myAds';
import { AD_TYPES } from '@app/contract/orders';
import type { FormEvent } from 'react';
import { hePackages } from '../../shared/i18n/index.ts';

const t = hePackages.myAds;

/** The query names the form writes (and the list reads), in the form's order. */
export const LIST_QUERY = ['q', 'status', 'cat', 'track', 'ending', 'sort'] as const;

const TRACKS = AD_TYPES.map((type) => ({ type, title: trackTitleOfType(type) ?? upgradeTitleOf(type) })).filter(
  (x): x is { type: (typeof AD_TYPES)[number]; title: string } => x.title !== undefined,
);

/** The list's query from the address: only the form's names, without empty values. */
export function listQueryOf(params: URLSearchParams): URLSearchParams {
  const query = new URLSearchParams();
  for (const name of LIST_QUERY) {
    const value = params.get(name)?.trim();
    if (value) query.set(name, value);
  }
  return query;
}

export function MyAdsTools(props: { query: URLSearchParams; onSearch: (query: URLSearchParams) => void }) {
  const { query } = props;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const name of LIST_QUERY) {
      const value = data.get(name);
      if (typeof value === 'string' && value.trim() !== '') next.set(name, value.trim());
    }
    props.onSearch(next);
  };
  // Keyed by the query, so the form shows the address's values after Back or a shared link.
  return (
    <form
      key={query.toString()}
      className="my-ads-tools card"
      aria-label={t.tools.label}
      onSubmit={submit}
      data-testid="my-ads-tools"
    >
      <div className="my-ads-tools__field my-ads-tools__field--wide">
        <label htmlFor="my-ads-q">{t.tools.search}</label>
        <input
          id="my-ads-q"
          name="q"
          type="search"
          maxLength={100}
          defaultValue={query.get('q') ?? ''}
          autoComplete="off"
        />
      </div>
      <div className="my-ads-tools__field">
        <label htmlFor="my-ads-status">{t.tools.status}</label>
        <select id="my-ads-status" name="status" defaultValue={query.get('status') ?? ''}>
          <option value="">{t.tools.any}</option>
          {MY_AD_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t.statuses[s]}
            </option>
          ))}
        </select>
      </div>
      <div className="my-ads-tools__field">
        <label htmlFor="my-ads-cat">{t.tools.category}</label>
        <select id="my-ads-cat" name="cat" defaultValue={query.get('cat') ?? ''}>
          <option value="">{t.tools.any}</option>
          {Object.entries(CATEGORY_TITLES).map(([cat, title]) => (
            <option key={cat} value={cat}>
              {title}
            </option>
          ))}
        </select>
      </div>
      <div className="my-ads-tools__field">
        <label htmlFor="my-ads-track">{t.tools.track}</label>
        <select id="my-ads-track" name="track" defaultValue={query.get('track') ?? ''}>
          <option value="">{t.tools.any}</option>
          {TRACKS.map((track) => (
            <option key={track.type} value={track.type}>
              {track.title}
            </option>
          ))}
        </select>
      </div>
      <div className="my-ads-tools__field">
        <label htmlFor="my-ads-sort">{t.tools.sort}</label>
        <select id="my-ads-sort" name="sort" defaultValue={query.get('sort') ?? 'newest'}>
          {MY_ADS_SORTS.map((s) => (
            <option key={s} value={s}>
              {t.tools.sorts[s]}
            </option>
          ))}
        </select>
      </div>
      <div className="my-ads-tools__check">
        <input
          id="my-ads-ending"
          name="ending"
          type="checkbox"
          value="1"
          defaultChecked={query.get('ending') === '1'}
        />
        <label htmlFor="my-ads-ending">{t.tools.ending}</label>
      </div>
      <div className="my-ads-tools__buttons">
        <button type="submit" className="btn btn--primary">
          {t.tools.apply}
        </button>
        {query.size > 0 && (
          <button type="button" className="btn btn--secondary" onClick={() => props.onSearch(new URLSearchParams())}>
            {t.tools.clear}
          </button>
        )}
      </div>
    </form>
  );
}
