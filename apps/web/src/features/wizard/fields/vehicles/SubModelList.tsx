import { SUB_MODELS_SHOW_MORE_LIMIT } from '@app/contract/publish';
import { NOT_CHOSEN } from '@app/form-engine/model';
import { chosenItems } from '@app/form-engine/values';
import { useEffect, useRef, useState } from 'react';
import {
  type CarSubModel,
  fetchCarSubModels,
  type SubModelFilter,
  type SubModelFilterValues,
  type SubModelsPage,
} from '../../../../shared/api/index.ts';
import type { WidgetProps } from '../../../../shared/fields/index.ts';
import { FieldLabel } from '../../../../shared/fields/index.ts';
import { he } from '../../../../shared/i18n/index.ts';
import { BdiText } from '../../../../shared/ui/index.ts';
import { mergePages, subModelDetails, subModelFilterChoices } from './subModelText.ts';

type Load =
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'ready'; list: CarSubModel[]; hasMore: boolean; total: number };

const NO_FILTERS: SubModelFilterValues = {};

/**
 * The car sub-model choice (after-save-area.md): shown once a year is chosen (the catalogue's showcond),
 * listed 5 at a time from get-car-submodels with "הצגת דגמים נוספים" (up to the show-more limit); a radio group
 * of cards. Above it the filters (gear box, engine volume, engine type, doors, drive), each built from the
 * answer's counts and sent with the call; they belong to the list, not the ad, and start empty for each model
 * and year.
 */
export function SubModelList(props: WidgetProps) {
  const { field, ids, onChange, env, error, describedBy } = props;
  const model = chosenItems(env.read('model'))[0] ?? '';
  const year = chosenItems(env.read('year'))[0] ?? '';
  const car = `${model}|${year}`;
  const [chosen, setChosen] = useState<{ car: string; filters: SubModelFilterValues }>({ car, filters: NO_FILTERS });
  const filters = chosen.car === car ? chosen.filters : NO_FILTERS;
  const filtersKey = JSON.stringify(filters);
  /** The counts of the last answer for this car: the filters stay on screen (and focused) while the list loads. */
  const [counts, setCounts] = useState<{ car: string; counts: SubModelsPage['counts'] }>();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const list = useRef<HTMLDivElement>(null);
  const focusFrom = useRef<number | undefined>(undefined);
  /** The request the list shows now: a show-more answer for an earlier one is dropped. */
  const current = useRef('');

  useEffect(() => {
    if (!model || !year || attempt < 0) return;
    const wanted: SubModelFilterValues = JSON.parse(filtersKey);
    let live = true;
    current.current = `${model}|${year}|${filtersKey}`;
    setLoad({ state: 'loading' });
    void fetchCarSubModels(model, year, 0, wanted).then((page) => {
      if (!live) return;
      if (page) setCounts({ car: `${model}|${year}`, counts: page.counts });
      setLoad(
        page ? { state: 'ready', list: page.data, hasMore: page.hasMore, total: page.total } : { state: 'failed' },
      );
    });
    return () => {
      live = false;
    };
  }, [model, year, filtersKey, attempt]);

  useEffect(() => {
    if (load.state !== 'ready' || focusFrom.current === undefined) return;
    list.current?.querySelectorAll<HTMLInputElement>('input[type="radio"]')[focusFrom.current]?.focus();
    focusFrom.current = undefined;
  }, [load]);

  const more = async () => {
    if (load.state !== 'ready') return;
    const request = current.current;
    const page = await fetchCarSubModels(model, year, load.list.length, filters);
    if (!page || current.current !== request) return;
    focusFrom.current = load.list.length;
    setLoad({ state: 'ready', list: mergePages(load.list, page.data), hasMore: page.hasMore, total: page.total });
  };

  const setFilter = (key: SubModelFilter, value: string) => {
    const next = { ...filters };
    if (value === NOT_CHOSEN) delete next[key];
    else next[key] = value;
    setChosen({ car, filters: next });
  };

  const choices = counts?.car === car ? subModelFilterChoices(counts.counts, filters) : [];
  const filtered = Object.keys(filters).length > 0;
  const f = he.vehicles.subModelFilters;
  const value = typeof field.value === 'string' ? field.value : '';
  const shown = load.state === 'ready' ? load.list : [];
  const chosenOption = field.options?.find((o) => o.value === value);
  const missing = chosenOption && !shown.some((s) => String(s.SubSubModelID) === value);
  const cards: CarSubModel[] = missing
    ? [{ SubSubModelID: Number(chosenOption.value), SubModel: chosenOption.text }, ...shown]
    : shown;
  const name = `${ids.input}-subModel`;

  return (
    <div className="submodels">
      <FieldLabel field={field} id={ids.label} />
      {choices.length > 0 && (
        <fieldset className="submodels__filters">
          <legend className="visually-hidden">{f.heading}</legend>
          {choices.map((choice) => {
            const id = `${ids.input}-filter-${choice.key}`;
            return (
              <span key={choice.key} className="submodels__filter">
                <label htmlFor={id} className="field__label">
                  {choice.label}
                </label>
                <span className="select-wrap">
                  <select
                    id={id}
                    className="field__select"
                    value={filters[choice.key] ?? NOT_CHOSEN}
                    disabled={!field.enabled}
                    onChange={(event) => setFilter(choice.key, event.target.value)}
                  >
                    <option value={NOT_CHOSEN}>{f.any}</option>
                    {choice.options.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.text}
                      </option>
                    ))}
                  </select>
                </span>
              </span>
            );
          })}
          {filtered && (
            <button
              type="button"
              className="btn btn--link submodels__clear"
              onClick={() => setChosen({ car, filters: NO_FILTERS })}
            >
              {f.clear}
            </button>
          )}
        </fieldset>
      )}
      {choices.length > 0 && (
        <p className="field__note" aria-live="polite">
          {load.state === 'ready' ? f.found(load.total) : ''}
        </p>
      )}
      <div
        role="radiogroup"
        id={ids.input}
        aria-labelledby={ids.label}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        aria-required={field.required ? true : undefined}
        aria-busy={load.state === 'loading' || undefined}
        className="submodels__group"
      >
        {load.state === 'loading' && <p className="field__note">{he.vehicles.loadingSubModels}</p>}
        {load.state === 'failed' && (
          <p className="field__note">
            {he.vehicles.subModelsFailed}{' '}
            <button type="button" className="btn btn--link" onClick={() => setAttempt((a) => a + 1)}>
              {he.vehicles.retry}
            </button>
          </p>
        )}
        {load.state === 'ready' && cards.length === 0 && !filtered && (
          <p className="field__note">{he.vehicles.noSubModels}</p>
        )}
        <div ref={list} className="submodels__list">
          {cards.map((subModel) => {
            const id = String(subModel.SubSubModelID);
            const checked = id === value;
            const details = subModelDetails(subModel);
            return (
              <label key={id} className={`submodel${checked ? ' submodel--checked' : ''}`}>
                <input
                  className="submodel__radio"
                  type="radio"
                  name={name}
                  value={id}
                  checked={checked}
                  disabled={!field.enabled}
                  onChange={() => onChange(id)}
                />
                <span className="submodel__text">
                  <span className="submodel__title">
                    <BdiText text={subModel.SubModel} />
                  </span>
                  {details.length > 0 && (
                    <span className="submodel__details">
                      <BdiText text={details.join(' · ')} />
                    </span>
                  )}
                </span>
              </label>
            );
          })}
        </div>
      </div>
      {load.state === 'ready' && load.hasMore && load.list.length < SUB_MODELS_SHOW_MORE_LIMIT && (
        <button type="button" className="btn btn--secondary submodels__more" onClick={() => void more()}>
          {he.vehicles.moreSubModels}
        </button>
      )}
    </div>
  );
}
