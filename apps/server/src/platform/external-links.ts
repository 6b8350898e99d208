import type { ExternalLinkKey } from '@app/catalog/chooser';
import type { Config } from './config.ts';

/** URLs of chooser tiles and links that lead outside the product (configurable through OLD_SITE_URL). */
export function externalLinks(config: Config): Record<ExternalLinkKey, string> {
  const old = config.OLD_SITE_URL.replace(/\/$/, '');
  return {
    personalArea: `${old}/my-area`,
    professionals: `${old}/professionals/publish`,
    jobs: `${old}/jobs/publish`,
    furniture: `${old}/products/furniture/publish`,
    cellular: `${old}/products/cellular/publish`,
    commercialRealEstate: `${old}/realestate/commercial/publish`,
    vehiclePartner: config.VEHICLE_PARTNER_URL,
    vehiclePromotion: `${old}/vehicles/business-promotion`,
    // The donation offer of a pets ad's finish page (the popup's 'go to donate').
    donation: `${old}/pets/donate`,
    oldSite: `${old}/`,
  };
}
