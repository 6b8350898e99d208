/**
 * The site's own calls: the health check, the site's configuration for the web app, and the personal bar's links.
 * Types in ../auth.ts (the navbar) and the web's shared/api/site.ts.
 */
import { z } from 'zod';

/** GET /api/health: the server is up and its database answers (else the server's 500). */
export const HealthSchema = z.object({ status: z.literal('ok'), database: z.string() });

/** GET /api/site-config: links that lead outside the product, and the video host's origin. */
export const SiteConfigSchema = z.object({
  externalLinks: z.record(z.string(), z.string()),
  /** The origin of the video upload iframe: the only origin whose messages the video field accepts. */
  videoOrigin: z.string(),
});

export const NavLinkSchema = z.object({ title: z.string(), url: z.string(), icon: z.string().optional() });

/** GET /api/personal-navbar: the categories of the site and the customer's actions. */
export const PersonalNavbarResponseSchema = z.object({
  navBar: z.object({ categoryList: z.array(NavLinkSchema) }),
  personalBar: z.object({ actionsList: z.array(NavLinkSchema), backToSite: NavLinkSchema }),
});
