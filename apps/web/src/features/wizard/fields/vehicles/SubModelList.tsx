import { chosenItems } from '@app/form-engine/values';
import { useEffect, useRef, useState } from 'react';
import { type CarSubModel, fetchCarSubModels } from '../../../../shared/api/index.ts';
import type { WidgetProps } from '../../../../shared/fields/index.ts';
import { FieldLabel } from '../../../../shared/fields/index.ts';
import { he } from '../../../../shared/i18n/index.ts';
import { BdiText } from '../../../../shared/ui/index.ts';
import { mergePages, subModelDetails } from './subModelText.ts';

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; list: CarSubModel[]; hasMore: boolean };

/**
 * The car sub-model choice (after-save-area.md): shown once a year is chosen (the catalogue's showcond),
 * listed 5 at a time from get-car-submodels with "הצגת דגמים נוספים"; a radio group of cards.
 */
export function SubModelList(props: WidgetProps) {
  const { field, ids, onChange, env, error, describedBy } = props;
  const model = chosenItems(env.read('model'))[0] ?? '';
  const year = chosenItems(env.read('year'))[0] ?? '';
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const list = useRef<HTMLDivElement>(null);
  const focusFrom = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (!model || !year || attempt < 0) return;
    let live = true;
    setLoad({ state: 'loading' });
    void fetchCarSubModels(model, year, 0).then((page) => {
      if (live) setLoad(page ? { state: 'ready', list: page.data, hasMore: page.hasMore } : { state: 'failed' });
    });
    return () => {
      live = false;
    };
  }, [model, year, attempt]);

  useEffect(() => {
    if (load.state !== 'ready' || focusFrom.current === undefined) return;
    list.current?.querySelectorAll<HTMLInputElement>('input[type="radio"]')[focusFrom.current]?.focus();
    focusFrom.current = undefined;
  }, [load]);

  const more = async () => {
    if (load.state !== 'ready') return;
    const page = await fetchCarSubModels(model, year, load.list.length);
    if (!page) return;
    focusFrom.current = load.list.length;
    setLoad({ state: 'ready', list: mergePages(load.list, page.data), hasMore: page.hasMore });
  };

  const value = typeof field.value === 'string' ? field.value : '';
  const shown = load.state === 'ready' ? load.list : [];
  const chosenOption = field.options?.find((o) => o.value === value);
  const missing = chosenOption && !shown.some((s) => String(s.SubSubModelID) === value);
  const cards: CarSubModel[] = missing
    ? [{ SubSubModelID: Number(chosenOption.value), SubModel: chosenOption.text }, ...shown]
    : shown;
  const name = `${ids.input}-subModel`;

  return (
    <div
      role="radiogroup"
      id={ids.input}
      aria-labelledby={ids.label}
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
      aria-required={field.required ? true : undefined}
      aria-busy={load.state === 'loading' || undefined}
      className="submodels"
    >
      <FieldLabel field={field} id={ids.label} />
      {load.state === 'loading' && <p className="field__note">{he.vehicles.loadingSubModels}</p>}
      {load.state === 'failed' && (
        <p className="field__note">
          {he.vehicles.subModelsFailed}{' '}
          <button type="button" className="btn btn--link" onClick={() => setAttempt((a) => a + 1)}>
            {he.vehicles.retry}
          </button>
        </p>
      )}
      {load.state === 'ready' && cards.length === 0 && <p className="field__note">{he.vehicles.noSubModels}</p>}
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
      {load.state === 'ready' && load.hasMore && (
        <button type="button" className="btn btn--secondary submodels__more" onClick={() => void more()}>
          {he.vehicles.moreSubModels}
        </button>
      )}
    </div>
  );
}
