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
      <Choice
        name="status"
        label={t.tools.status}
        query={query}
        any={t.tools.any}
        options={MY_AD_STATUSES.map((s) => [s, t.statuses[s]])}
      />
      <Choice
        name="cat"
        label={t.tools.category}
        query={query}
        any={t.tools.any}
        options={Object.entries(CATEGORY_TITLES)}
      />
      <Choice
        name="track"
        label={t.tools.track}
        query={query}
        any={t.tools.any}
        options={TRACKS.map((track) => [track.type, track.title])}
      />
      <Choice
        name="sort"
        label={t.tools.sort}
        query={query}
        fallback="newest"
        options={MY_ADS_SORTS.map((s) => [s, t.tools.sorts[s]])}
      />
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

/** One of the tools' lists: its value from the address, "any" first where the filter may be left open. */
function Choice(props: {
  name: string;
  label: string;
  query: URLSearchParams;
  options: readonly (readonly [string, string])[];
  any?: string;
  fallback?: string;
}) {
  const id = `my-ads-${props.name}`;
  return (
    <div className="my-ads-tools__field">
      <label htmlFor={id}>{props.label}</label>
      <select id={id} name={props.name} defaultValue={props.query.get(props.name) ?? props.fallback ?? ''}>
        {props.any !== undefined && <option value="">{props.any}</option>}
        {props.options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}
