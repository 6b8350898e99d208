import { vehicleTraderLink } from '@app/catalog/trader';
import type { Selectors } from '@app/contract/publish';
import type { FastifyInstance } from 'fastify';
import { he } from '../i18n/messages.ts';
import { packagesOfCustomer } from '../plans/customer-packages-repository.ts';
import { packagesForPlan } from '../plans/plans.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/db.ts';
import { guardPublishCalls } from './publish-guard.ts';

const VEHICLES = '1';

/**
 * Vehicle traders (spec §6, after-save-area.md "Trader"): a customer whose trade map makes them a trader of the
 * selected vehicle subcat and who never held a package of vehicle ads publishes elsewhere: the partner cars site
 * (subcats 1, 2, 3, 6, 8, 9, 11, 13) or the vehicle business promotion page (the others), both URLs of the
 * configuration (`links`, GET /api/site-config's externalLinks) with the subcat added. A trader who holds a
 * package of vehicle ads (one with ads left, or used up or ended: the plan step then offers the packages on sale)
 * publishes through the wizard. Private customers are never concerned: the istrader URL flag plays no part.
 */
export function vehicleTraderGuard(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; links: { vehiclePartner: string; vehiclePromotion: string } },
): void {
  const { db, clock, links } = deps;
  guardPublishCalls(app, {
    applies: (selectors) => selectors.cat === VEHICLES && selectors.subcat !== undefined,
    refusal: async (customer, selectors) => {
      const subcat = Number(selectors.subcat);
      const key = vehicleTraderLink(customer.trade, Number(selectors.cat), subcat);
      if (!key) return null;
      if (await holdsVehiclePackage(db, clock, customer.id, selectors)) return null;
      const partner = key === 'vehiclePartner';
      return {
        redirect: withSubcat(links[key], subcat),
        message: partner ? he.vehicleTraderPartner : he.vehicleTraderPromotion,
        catalogId: 'vehicles',
        reason: `vehicle trader without a package sent to the ${partner ? 'partner site' : 'promotion page'}`,
      };
    },
  });
}

/** Whether the customer holds (or held) a package that may publish this vehicle ad (the plan step's packages). */
async function holdsVehiclePackage(db: Db, clock: Clock, customerId: number, selectors: Selectors): Promise<boolean> {
  const packages = await packagesOfCustomer(db, customerId);
  if (packages.length === 0) return false;
  const ad = { cat: Number(selectors.cat), subcat: Number(selectors.subcat), selectors };
  return packagesForPlan(ad, { packages, now: clock.now() }).held;
}

/** The configured URL with the subcat, as the chooser's vehicle business menu links it. */
function withSubcat(base: string, subcat: number): string {
  const url = new URL(base);
  url.searchParams.set('subcat', String(subcat));
  return url.href;
}
