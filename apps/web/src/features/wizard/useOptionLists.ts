import { optionsRequest, optionsRequestUrl } from '@app/form-engine/dataUrl';
import { parentsOf } from '@app/form-engine/dependencies';
import type { FieldDef, Option, Values } from '@app/form-engine/model';
import type { OptionsSource } from '@app/form-engine/options';
import type { Resolution, ResolvedField } from '@app/form-engine/resolution';
import { chosenItems, isChosen } from '@app/form-engine/values';
import { useCallback, useMemo, useRef, useState } from 'react';
import { fetchOptions, withQuery } from '../../shared/api/index.ts';

/** A failed list is asked for again after this long (on the next render that needs it). */
const RETRY_MS = 5000;

type Entry = { state: 'loading' } | { state: 'ready'; options: Option[] } | { state: 'failed'; at: number };

/** The URL that answers the one option of an autocomplete's saved value (`value=<code>`), or undefined. */
function savedOptionUrl(field: ResolvedField, values: Values): string | undefined {
  const value = field.value;
  if (typeof value !== 'string' || !isChosen(value)) return undefined;
  const request = optionsRequest(field.def, (id) => values[id]);
  return request ? withQuery(optionsRequestUrl(request), { value }) : undefined;
}

/**
 * Dependent option lists as the resolver's OptionsSource: fetched once per URL (the field's dataUrl with
 * its parents' values), cached, and re-resolved when they arrive. Autocomplete fields answer with the
 * option the user took (their suggestions are fetched by the widget through `suggest`); a value that came
 * from the draft or the saved ad (a code) is looked up once with `value=<code>`, so its text shows.
 */
export function useOptionLists() {
  const cache = useRef(new Map<string, Entry>());
  const autocompleteChoices = useRef(new Map<string, Option>());
  const [version, setVersion] = useState(0);
  const bump = useCallback(() => setVersion((v) => v + 1), []);

  // A new source identity after each arrival makes the resolver run again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the cache's change signal
  const source = useMemo<OptionsSource>(() => {
    return (field: FieldDef, values: Values) => {
      if (field.type === 'autocomplete') {
        const chosen = autocompleteChoices.current.get(field.id);
        return chosen ? [chosen] : undefined;
      }
      const request = optionsRequest(field, (id) => values[id]);
      if (!request) return undefined;
      const entry = cache.current.get(optionsRequestUrl(request));
      return entry?.state === 'ready' ? entry.options : undefined;
    };
  }, [version]);

  /** Starts a fetch of `url` unless it is cached, on its way, or failed a moment ago. */
  const fetchOnce = useCallback(
    (url: string, onReady: (options: Option[]) => void) => {
      const entry = cache.current.get(url);
      if (entry && (entry.state !== 'failed' || Date.now() - entry.at < RETRY_MS)) return;
      cache.current.set(url, { state: 'loading' });
      void fetchOptions(url).then((options) => {
        cache.current.set(url, options ? { state: 'ready', options } : { state: 'failed', at: Date.now() });
        if (options) onReady(options);
        bump();
      });
    },
    [bump],
  );

  /** Fetches the lists the resolution is waiting for, and the texts of saved autocomplete values (of `only`'s fields). */
  const fetchMissing = useCallback(
    (resolution: Resolution, only?: (field: ResolvedField) => boolean) => {
      for (const field of Object.values(resolution.fields)) {
        if (only && !only(field)) continue;
        if (field.def.type === 'autocomplete') {
          const id = field.def.id;
          const before = autocompleteChoices.current.get(id);
          if (before?.value === field.value) continue;
          const url = savedOptionUrl(field, resolution.values);
          if (!url) continue;
          fetchOnce(url, (options) => {
            const saved = options.find((o) => o.value === field.value);
            // Unless the user took another option meanwhile.
            if (saved && autocompleteChoices.current.get(id) === before) autocompleteChoices.current.set(id, saved);
          });
          continue;
        }
        if (!field.loading) continue;
        const request = optionsRequest(field.def, (id) => resolution.values[id]);
        if (request) fetchOnce(optionsRequestUrl(request), () => undefined);
      }
    },
    [fetchOnce],
  );

  const rememberChoice = useCallback(
    (fieldId: string, option: Option) => {
      autocompleteChoices.current.set(fieldId, option);
      bump();
    },
    [bump],
  );

  /** Autocomplete suggestions: the dataUrl with the keyword and the values of the fields they depend on. */
  const suggest = useCallback(async (field: FieldDef, keyword: string, values: Values, signal?: AbortSignal) => {
    const url = suggestUrl(field, keyword, values);
    return url ? fetchOptions(url, signal) : null;
  }, []);

  return { source, fetchMissing, rememberChoice, suggest };
}

/**
 * The suggestions' address of an autocomplete: its dataUrl with the keyword and the chosen values of the fields it
 * depends on: its parents (`dependence`, `autoCompleteByOtherFields`…) and the spec's `sendParams`. Null without a
 * dataUrl.
 */
export function suggestUrl(field: FieldDef, keyword: string, values: Values): string | null {
  if (!field.dataUrl) return null;
  const params: Record<string, string> = {};
  for (const id of [...parentsOf(field), ...(field.autoCompletePreferenceObject?.sendParams ?? [])]) {
    const items = chosenItems(values[id]);
    if (items.length > 0) params[id] = items.join(',');
  }
  return withQuery(field.dataUrl, { ...params, keyword });
}
