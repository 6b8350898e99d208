/**
 * What the console's forms share: sending a step, its error note, the six-digit code field, a list by filters a page
 * at a time and its choice filters.
 */
import { type FormEvent, type ReactNode, useCallback, useEffect, useState } from 'react';
import { heOperator } from '../../shared/i18n/index.ts';
import { SelectField, TextField } from '../../shared/ui/index.ts';

/**
 * A form's sending: busy while `run` works (a second submit meanwhile does nothing); `run` answers the message to
 * show, or nothing when it went through.
 */
export function useSubmit(run: () => Promise<string | undefined>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const message = await run();
    setBusy(false);
    setError(message);
  };
  return { busy, error, setError, submit };
}

/** Today in Israel, 'YYYY-MM-DD' (the default day of the console's day filters). */
export const israelToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jerusalem' }).format(new Date());

/** What went wrong, said at once to a screen reader. */
export function ErrorNote({ text }: { text: string | undefined }) {
  return text ? (
    <p className="operator__error" role="alert">
      {text}
    </p>
  ) : null;
}

/** The authenticator's six-digit code: digits only, the phone's keypad, offered from an SMS-like autofill. */
export function CodeField(props: { value: string; onChange: (code: string) => void; autoFocus?: boolean }) {
  return (
    <TextField
      name="code"
      label={heOperator.code}
      autoComplete="one-time-code"
      inputMode="numeric"
      dir="ltr"
      maxLength={6}
      value={props.value}
      onChange={(typed) => props.onChange(typed.replace(/\D/g, '').slice(0, 6))}
      required
      autoFocus={props.autoFocus}
    />
  );
}

/**
 * A table that may be wider than a phone: it scrolls sideways inside its own box, and that box can take the focus
 * (named by `label`) so a keyboard user can scroll it too.
 */
export function TableWrap({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to be scrolled
    <section className="operator__table-wrap" aria-label={heOperator.table(label)} tabIndex={0}>
      {children}
    </section>
  );
}

/** A page of a console list: its items and the next page's cursor (or a refusal's message). */
type ListPage<Item> = { items?: Item[] | undefined; next?: string | null | undefined; message?: string | undefined };

/**
 * A console list by filters, a page at a time: the first page at once, the filters' form (`form`) shows the first
 * page of what was chosen, `more()` appends the next page of what is shown. `onPage` sees every page as it arrives.
 */
export function useFilteredList<Filter extends object, Item, Page extends ListPage<Item>>(
  fetchPage: (filter: Filter & { after?: string }) => Promise<{ ok: boolean; data?: Page | null | undefined }>,
  onPage?: (page: Page) => void,
) {
  const [filter, setFilter] = useState<Filter>({} as Filter);
  const [shown, setShown] = useState<Filter>({} as Filter);
  const [items, setItems] = useState<Item[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  // The latest fetch and page handler without changing `load`'s identity (the first page loads once).
  const [handlers] = useState(() => ({ fetchPage, onPage }));
  handlers.fetchPage = fetchPage;
  handlers.onPage = onPage;

  const load = useCallback(
    async (f: Filter, after?: string) => {
      const res = await handlers.fetchPage({ ...f, ...(after ? { after } : {}) });
      if (!(res.ok && res.data?.items)) return res.data?.message ?? heOperator.failed;
      const page = res.data;
      const got = page.items ?? [];
      setItems((before) => (after && before ? [...before, ...got] : got));
      setNext(page.next ?? null);
      setShown(f);
      handlers.onPage?.(page);
      return undefined;
    },
    [handlers],
  );
  useEffect(() => {
    void load({} as Filter);
  }, [load]);
  const form = useSubmit(() => load(filter));
  const set = (key: keyof Filter) => (value: string) => setFilter((f) => ({ ...f, [key]: value }));
  return {
    filter,
    set,
    shown,
    items,
    setItems,
    next,
    form,
    /** The first page of what is shown, again (after a change made from the list). */
    reload: () => void load(shown),
    /** The next page of what is shown, after the ones already there. */
    more: () => void (next ? load(shown, next) : undefined),
  };
}

/** A filter chosen from a list of named values, or "any" (the empty value). */
export function ChoiceFilter(props: {
  label: string;
  value: string | undefined;
  onChange: (value: string) => void;
  any: string;
  choices: Readonly<Record<string, string>>;
}) {
  return (
    <SelectField
      label={props.label}
      value={props.value ?? ''}
      onChange={props.onChange}
      options={[
        { value: '', text: props.any },
        ...Object.entries(props.choices).map(([value, text]) => ({ value, text })),
      ]}
    />
  );
}
