/**
 * When the information and offer popups are offered (after-save-area.md §2 "Popups"); the triggers are ours:
 * the dog-registration information on a dog ad's properties step, the donation offer on a published pets ad's
 * finish page (once answered, not again in the tab's session), the plan step's links beside the paid tracks.
 */
import { CAT } from '@app/catalog/categories/ids';
import type { AdPublishState } from '@app/contract/orders';
import type { Selectors } from '@app/contract/publish';

/** The pets category's dogs (publish-wizard.md §2: pets petType dogs 1). */
const DOGS_PET_TYPE = 1;
/** The pets catalogue's properties step, where the dog's details are filled. */
export const PET_PROPERTIES_AREA = 'personal_publish_pet_properties';

/** A dog ad's properties step shows the registration information link. */
export function showsDogInfo(selectors: Selectors, area: string): boolean {
  return (
    Number(selectors.cat) === CAT.pets && Number(selectors.petType) === DOGS_PET_TYPE && area === PET_PROPERTIES_AREA
  );
}

/** States of an ad that has been published (live, or waiting for the team's review). */
const PUBLISHED: readonly AdPublishState[] = ['active', 'pending'];

/** The donation offer belongs to a published pets ad's finish page. */
export function donationOffered(cat: number | null | undefined, state: AdPublishState | undefined): boolean {
  return cat === CAT.pets && state !== undefined && PUBLISHED.includes(state);
}

/** The session's memory of an answered donation offer (sessionStorage: this tab, until it closes). */
const DONATION_KEY = 'offers.donation';

export function donationAnswered(storage: Pick<Storage, 'getItem'> | undefined = sessionStore()): boolean {
  try {
    return storage?.getItem(DONATION_KEY) === 'answered';
  } catch {
    return false;
  }
}

export function rememberDonationAnswer(storage: Pick<Storage, 'setItem'> | undefined = sessionStore()): void {
  try {
    storage?.setItem(DONATION_KEY, 'answered');
  } catch {
    // Storage refused (private mode): the offer may come again on the next finish page.
  }
}

function sessionStore(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** The we-check explanatory video, served by the product itself (the page's policy allows no outside frames). */
export const WE_CHECK_VIDEO = '/explainers/we-check.mp4';
