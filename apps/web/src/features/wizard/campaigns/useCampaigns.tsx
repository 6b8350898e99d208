import { type Campaign, isCampaignPlate } from '@app/contract/planExtras';
import type { StepDef, Values } from '@app/form-engine/model';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { heCampaigns } from '../../../shared/i18n/index.ts';
import { campaignLeads, campaignStep, detectCampaigns, plateDigits, plateMissing } from './campaigns.ts';

// The cards load when a step first has a campaign to show: most steps never do.
const CampaignCards = lazy(() => import('./CampaignCards.tsx'));

interface CampaignsInput {
  /** The fields answer's publishCampaigns. */
  offered: readonly Campaign[] | undefined;
  steps: readonly StepDef[];
  values: Values;
  saveStep: number;
  /** The plate the licence-plate search was given, offered as the campaign's plate. */
  searchedPlate: string | undefined;
}

/**
 * The wizard's campaigns (publish-wizard.md §4): detected from the values as they change and on each move, each on
 * its step; a campaign whose conditions stop holding disappears and is no longer ticked. `check` stops a forward
 * move while a ticked campaign of the step waits for a valid plate; `leads` is what the save chain sends.
 */
export function useCampaigns(input: CampaignsInput) {
  const { offered, steps, values, saveStep, searchedPlate } = input;
  const all = useMemo(() => (Array.isArray(offered) ? offered : []), [offered]);
  const detected = useMemo(() => detectCampaigns(all, values), [all, values]);
  const detectedKey = detected.map((c) => c.id).join();
  const stepOf = useMemo(
    () => new Map(all.map((c) => [c.id, campaignStep(c, steps, saveStep)])),
    [all, steps, saveStep],
  );
  const [ticked, setTicked] = useState<ReadonlySet<string>>(() => new Set());
  const [plate, setPlate] = useState('');
  const [plateChecked, setPlateChecked] = useState(false);
  const plateRef = useRef<HTMLInputElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: detectedKey stands for detected
  useEffect(() => {
    setTicked((before) => {
      const still = [...before].filter((id) => detected.some((c) => c.id === id));
      return still.length === before.size ? before : new Set(still);
    });
  }, [detectedKey]);

  const onStep = (step: number) => detected.filter((c) => stepOf.get(c.id) === step);
  const latest = useRef({ detected, ticked, plate });
  latest.current = { detected, ticked, plate };

  const onTick = (id: string, on: boolean) => {
    setTicked((before) => {
      const next = new Set(before);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
    const wantsPlate = all.find((c) => c.id === id)?.plate;
    if (on && wantsPlate && plate === '') {
      const digits = plateDigits(searchedPlate ?? '');
      if (isCampaignPlate(digits)) setPlate(digits);
    }
    // A new tick starts without the error of an earlier attempt (it shows again when the step is left).
    if (wantsPlate) setPlateChecked(false);
  };

  return {
    /** The cards of a step, or nothing when none of its campaigns is detected. */
    cardsOf(step: number): ReactNode {
      const list = onStep(step);
      if (list.length === 0) return undefined;
      return (
        <Suspense fallback={null}>
          <CampaignCards
            campaigns={list}
            ticked={ticked}
            onTick={onTick}
            plate={plate}
            onPlate={setPlate}
            plateError={plateChecked && !isCampaignPlate(plate) ? heCampaigns.invalidPlate : undefined}
            plateRef={plateRef}
          />
        </Suspense>
      );
    },
    /** Before leaving a step forward: false (the plate's error shown and focused) when its plate is missing. */
    check(step: number): boolean {
      if (!plateMissing(onStep(step), ticked, plate)) return true;
      setPlateChecked(true);
      plateRef.current?.focus();
      return false;
    },
    /** The campaign/save body of the ticked campaigns, or null. */
    leads: () => campaignLeads(latest.current.detected, latest.current.ticked, latest.current.plate),
  };
}
