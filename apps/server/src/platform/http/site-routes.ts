import type { ExternalLinkKey } from '@app/catalog/chooser';
import type { PersonalNavbarResponse } from '@app/contract/auth';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';

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

export function siteRoutes(app: FastifyInstance, deps: { config: Config; db: Db; videoOrigin: () => string }): void {
  const { config, db, videoOrigin } = deps;
  const links = externalLinks(config);

  app.get('/api/health', async () => {
    await db.query('SELECT 1');
    return { status: 'ok', database: db.kind };
  });

  // videoOrigin: the video host the media step frames (and the only origin whose messages it accepts).
  app.get('/api/site-config', async () => ({ externalLinks: links, videoOrigin: videoOrigin() }));

  app.get('/api/personal-navbar', async (): Promise<PersonalNavbarResponse> => {
    const old = config.OLD_SITE_URL.replace(/\/$/, '');
    return {
      navBar: {
        categoryList: [
          { title: 'נדל"ן', url: `${old}/realestate`, icon: 'realestate' },
          { title: 'רכב', url: `${old}/vehicles`, icon: 'vehicles' },
          { title: 'יד שנייה', url: `${old}/products`, icon: 'products' },
          { title: 'עסקים למכירה', url: `${old}/business-for-sale`, icon: 'business' },
          { title: 'בעלי חיים', url: `${old}/pets`, icon: 'pets' },
          { title: 'דרושים', url: `${old}/jobs`, icon: 'jobs' },
        ],
      },
      personalBar: {
        actionsList: [
          { title: 'פרסום מודעה', url: '/publish', icon: 'publish' },
          { title: 'המודעות שלי', url: '/my-ads', icon: 'my-ads' },
          { title: 'חבילות', url: '/packages', icon: 'packages' },
        ],
        backToSite: { title: 'חזרה לאתר', url: old },
      },
    };
  });
}
