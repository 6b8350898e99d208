/** The admin's rules of moderation: which ads wait for a moderator before they go live, and the blocked words. */
import { useEffect, useId, useState } from 'react';
import { fetchModerationRules, type ModerationRules as Rules, saveModerationRules } from '../../shared/api/index.ts';
import { heOperator } from '../../shared/i18n/index.ts';
import { SendButton } from '../../shared/popups/index.ts';
import { ErrorNote, useSubmit } from './parts.tsx';

const t = heOperator.moderation;
const CATEGORIES = Object.entries(heOperator.categories).map(([cat, name]) => ({ cat: Number(cat), name }));

export function ModerationRules() {
  const [rules, setRules] = useState<Rules | null>(null);
  const [words, setWords] = useState('');
  const [saved, setSaved] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const ids = { days: useId(), words: useId() };
  useEffect(() => {
    let alive = true;
    void fetchModerationRules().then((res) => {
      if (!alive) return;
      if (res.ok && res.data?.rules) {
        setRules(res.data.rules);
        setWords((res.data.words ?? []).join('\n'));
      } else setLoadFailed(true);
    });
    return () => {
      alive = false;
    };
  }, []);
  const form = useSubmit(async () => {
    if (!rules) return heOperator.failed;
    setSaved(false);
    const list = words
      .split('\n')
      .map((w) => w.trim())
      .filter(Boolean);
    const res = await saveModerationRules({ rules, words: list });
    if (!(res.ok && res.data?.rules)) return res.data?.message ?? heOperator.failed;
    setRules(res.data.rules);
    setWords((res.data.words ?? []).join('\n'));
    setSaved(true);
    return undefined;
  });
  const set = (change: Partial<Rules>) => {
    setSaved(false);
    setRules((r) => (r ? { ...r, ...change } : r));
  };
  const whole = (cat: number) => rules?.categories.some((c) => c.cat === cat && c.subcat === null) ?? false;
  return (
    <section className="operator__section" aria-labelledby="rules-title" data-testid="moderation-rules">
      <h2 id="rules-title">{t.rulesTitle}</h2>
      <p className="operator__intro">{t.rulesIntro}</p>
      {loadFailed && <ErrorNote text={heOperator.failed} />}
      {rules && (
        <form noValidate onSubmit={form.submit} className="moderation__rules">
          <ErrorNote text={form.error} />
          <label className="moderation__rule">
            <input
              type="checkbox"
              checked={rules.traderSecondHand}
              onChange={(e) => set({ traderSecondHand: e.target.checked })}
            />
            {t.ruleTrader}
          </label>
          <label className="moderation__rule">
            <input
              type="checkbox"
              checked={rules.photoFromAnotherAccount}
              onChange={(e) => set({ photoFromAnotherAccount: e.target.checked })}
            />
            {t.rulePhotos}
          </label>
          <div className="text-field">
            <label htmlFor={ids.days} className="text-field__label">
              {t.ruleNewAccount}
            </label>
            <input
              id={ids.days}
              className="text-field__input moderation__days"
              inputMode="numeric"
              dir="ltr"
              value={String(rules.newAccountDays)}
              onChange={(e) => set({ newAccountDays: Number(e.target.value.replace(/\D/g, '').slice(0, 3) || '0') })}
            />
          </div>
          <fieldset className="moderation__cats">
            <legend>{t.ruleCategories}</legend>
            {CATEGORIES.map(({ cat, name }) => (
              <label key={cat} className="moderation__rule">
                <input
                  type="checkbox"
                  checked={whole(cat)}
                  onChange={(e) =>
                    set({
                      categories: e.target.checked
                        ? [...rules.categories.filter((c) => c.cat !== cat), { cat, subcat: null }]
                        : rules.categories.filter((c) => !(c.cat === cat && c.subcat === null)),
                    })
                  }
                />
                {name}
              </label>
            ))}
          </fieldset>
          <div className="text-field">
            <label htmlFor={ids.words} className="text-field__label">
              {t.ruleWords}
            </label>
            <textarea
              id={ids.words}
              className="text-field__input moderation__words"
              rows={6}
              value={words}
              onChange={(e) => {
                setSaved(false);
                setWords(e.target.value);
              }}
            />
          </div>
          <SendButton sending={form.busy} label={t.rulesSave} sendingLabel={t.rulesSaving} />
          <p role="status" className="moderation__saved">
            {saved ? t.rulesSaved : ''}
          </p>
        </form>
      )}
    </section>
  );
}
