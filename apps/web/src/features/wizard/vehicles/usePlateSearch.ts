import type { Values } from '@app/form-engine/model';
import { emptyValue } from '@app/form-engine/values';
import { useCallback, useEffect, useRef, useState } from 'react';
import { trackPlateSearch } from '../../../shared/analytics/index.ts';
import { searchPlate } from '../../../shared/api/index.ts';
import type { ActionState } from '../../../shared/fields/index.ts';
import { he } from '../../../shared/i18n/index.ts';
import { useNavigate } from '../../../shared/routing/index.ts';
import { flash } from '../flash.ts';
import type { WizardCore } from '../useWizardCore.ts';
import { CAR_TYPE_FIELDS, canSearch, plateDecision, plateDigits, plateValues } from './plate.ts';

export const PLATE_FIELD = 'registrationPlate';
export const PLATE_BUTTON = 'plateSearch';

/** Navigation state that carries the plate to the matching sub-category (and searches it there). */
export interface PlateCarry {
  carry: Values;
  autoAction?: string;
}

/**
 * The licence-plate search of the car-type step: GET car-data-gov; a found vehicle of this sub-category
 * fills the car fields; one of another searchable sub-category moves the ad there (keeping the plate,
 * with 'אתם מועברים לפרסום בקטגוריית …'); otherwise an error under the plate and the car fields reset.
 */
export function usePlateSearch(core: WizardCore, params: URLSearchParams) {
  const navigate = useNavigate();
  const { form, steps, today } = core;
  const plate = form.resolution.fields[PLATE_FIELD];
  const plateText = typeof plate?.value === 'string' ? plate.value : '';
  const digits = plateDigits(plateText);
  const [loading, setLoading] = useState(false);
  const [foundFor, setFoundFor] = useState<{ digits: string; title: string }>();
  const found = foundFor !== undefined && foundFor.digits === digits;
  const subcat = Number(params.get('subcat'));
  const latest = useRef({ digits, found, loading });
  latest.current = { digits, found, loading };

  const resetCarFields = useCallback(() => {
    const defs = steps.flatMap((step) => step.fields);
    const patch: Record<string, ReturnType<typeof emptyValue>> = {};
    for (const id of CAR_TYPE_FIELDS) {
      const def = defs.find((d) => d.id === id);
      if (def) patch[id] = emptyValue(def);
    }
    form.assign(patch);
  }, [steps, form.assign]);

  const run = useCallback(async () => {
    const { digits: plateNow, found: foundNow, loading: busy } = latest.current;
    if (!canSearch(plateNow, busy, foundNow)) return;
    setLoading(true);
    form.setFieldError(PLATE_FIELD, undefined);
    const outcome = await searchPlate(plateNow);
    setLoading(false);
    const report = (result: Parameters<typeof trackPlateSearch>[1]) =>
      trackPlateSearch({ cat: params.get('cat') ?? undefined, subcat: params.get('subcat') ?? undefined }, result);
    if (outcome.kind === 'notFound') {
      report('notFound');
      resetCarFields();
      form.setFieldError(PLATE_FIELD, he.vehicles.plateNotFound);
      return;
    }
    if (outcome.kind === 'failed' || outcome.kind === 'registryDown' || outcome.kind === 'notInCatalogue') {
      report('failed');
      form.setFieldError(
        PLATE_FIELD,
        outcome.kind === 'registryDown'
          ? he.vehicles.plateRegistryDown
          : outcome.kind === 'notInCatalogue'
            ? he.vehicles.plateNotInCatalogue
            : he.vehicles.plateFailed,
      );
      return;
    }
    const decision = plateDecision(Number(outcome.result.typeId), subcat);
    if (decision.kind === 'move') {
      report('moved');
      flash(he.vehicles.movedToSubcat(he.vehicles.subcatNames[decision.subcat] ?? ''));
      const next = new URLSearchParams(params);
      next.set('subcat', String(decision.subcat));
      next.set('step', '1');
      const state: PlateCarry = { carry: { [PLATE_FIELD]: plateText }, autoAction: PLATE_BUTTON };
      navigate({ search: `?${next}` }, { replace: true, state });
      return;
    }
    if (decision.kind === 'mismatch') {
      report('mismatch');
      resetCarFields();
      form.setFieldError(PLATE_FIELD, he.vehicles.plateTypeMismatch);
      return;
    }
    report('found');
    form.assign(plateValues(outcome.result, today));
    setFoundFor({ digits: plateNow, title: `${outcome.result.carTitle} ${outcome.result.carYear}` });
  }, [form, navigate, params, plateText, resetCarFields, subcat, today]);

  const actionState = (fieldId: string): ActionState | undefined =>
    fieldId === PLATE_BUTTON
      ? { disabled: !canSearch(digits, loading, found), busy: loading, busyLabel: he.vehicles.searching }
      : undefined;

  const notice = found && foundFor ? he.vehicles.plateFound(foundFor.title) : undefined;
  return { run, actionState, found, loading, notice };
}

/** Runs an action carried by navigation state once the wizard is ready (the moved plate's search). */
export function useCarriedAction(action: string | undefined, run: (fieldId: string) => void) {
  const done = useRef(false);
  useEffect(() => {
    if (!action || done.current) return;
    done.current = true;
    run(action);
  }, [action, run]);
}
