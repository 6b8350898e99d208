import type { PersonalNavbarResponse } from '@app/contract/auth';
import { HealthSchema, PersonalNavbarResponseSchema, SiteConfigSchema } from '@app/contract/schemas/site';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import { type Db, pingDb } from '../db/db.ts';
import { externalLinks } from '../external-links.ts';

export function siteRoutes(
  app: FastifyInstance,
  deps: { config: Config; db: Db; videoOrigin: (req: FastifyRequest) => string },
): void {
  const { config, db, videoOrigin } = deps;
  const links = externalLinks(config);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/health',
    { schema: { summary: 'בדיקת תקינות השרת ומסד הנתונים', response: { 200: HealthSchema } } },
    async () => {
      await pingDb(db);
      return { status: 'ok' as const, database: db.kind };
    },
  );

  // videoOrigin: the video host the media step frames (and the only origin whose messages it accepts), as this
  // browser reaches it.
  routes.get(
    '/api/site-config',
    { schema: { summary: 'הגדרות האתר לאפליקציה', response: { 200: SiteConfigSchema } } },
    async (req) => ({ externalLinks: links, videoOrigin: videoOrigin(req) }),
  );

  routes.get(
    '/api/personal-navbar',
    { schema: { summary: 'הקישורים של הסרגל האישי', response: { 200: PersonalNavbarResponseSchema } } },
    async (): Promise<PersonalNavbarResponse> => {
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
    },
  );
}
