/**
 * Campaigns in the publish wizard (publish-wizard.md §3 "Campaign", §4): which of the selection's campaigns the
 * values meet, on which step each shows, and what the save chain sends (campaign/save). Pure: tested alone.
 */
import {
  type Campaign,
  type CampaignSaveRequest,
  isCampaignPlate,
  meetsCampaignConditions,
} from '@app/contract/planExtras';
import type { StepDef, Values } from '@app/form-engine/model';
import { chosenItems } from '@app/form-engine/values';

/** The form's values as the conditions read them: each field's chosen items, by field id. */
export function conditionValues(values: Values): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [id, value] of Object.entries(values)) out[id] = chosenItems(value);
  return out;
}

/** The campaigns whose conditions the values meet, in the answer's order. */
export function detectCampaigns(campaigns: readonly Campaign[], values: Values): Campaign[] {
  const read = conditionValues(values);
  return campaigns.filter((c) => meetsCampaignConditions(c.conditions, read));
}

/**
 * The step a campaign shows on: the furthest step holding one of its condition fields (a Toyota's campaign where the
 * make is chosen), else the save step (the advertiser decides last, before publishing).
 */
export function campaignStep(campaign: Campaign, steps: readonly Pick<StepDef, 'fields'>[], saveStep: number): number {
  const fields = Object.keys(campaign.conditions ?? {});
  let found = -1;
  steps.forEach((step, index) => {
    if (index <= saveStep && step.fields.some((f) => fields.includes(f.id))) found = index;
  });
  return found >= 0 ? found : saveStep;
}

/** A typed plate as digits (the licence-plate search writes 00-000-00). */
export const plateDigits = (text: string): string => text.replace(/\D/g, '');

/** The campaign/save body of the ticked campaigns still detected; null when none is ticked. */
export function campaignLeads(
  detected: readonly Campaign[],
  ticked: ReadonlySet<string>,
  plate: string,
): Omit<CampaignSaveRequest, 'orderID'> | null {
  const chosen = detected.filter((c) => ticked.has(c.id));
  // A campaign that needs the plate goes only with a valid one (the step's check asks for it before the save).
  const sendable = chosen.filter((c) => !c.plate || isCampaignPlate(plate));
  if (sendable.length === 0) return null;
  const campaigns = sendable.map((c) => c.id);
  return sendable.some((c) => c.plate) ? { campaigns, registrationPlate: plate } : { campaigns };
}

/** Is a ticked campaign of this step waiting for a valid plate? */
export function plateMissing(
  onStep: readonly Campaign[],
  ticked: ReadonlySet<string>,
  plate: string,
): Campaign | undefined {
  return onStep.find((c) => c.plate && ticked.has(c.id) && !isCampaignPlate(plate));
}
