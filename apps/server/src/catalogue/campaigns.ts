/**
 * Campaigns offered on the plan step (after-save-area.md §3 "Campaign", §7 campaign/save): partners to whom the
 * advertiser may pass a lead. The data is `src/catalogue/data/campaigns.json`, checked when this module loads; each campaign
 * is offered for a selection (`when`: a category and its sub-categories) and may have conditions on the ad's values
 * (`conditions`: field id to a value or a list of allowed values, publish-wizard.md §3 "Campaign"). The fields response
 * lists the campaigns of its selection in publishCampaigns (with their conditions: the wizard shows a campaign while
 * they hold); campaign/save accepts only campaigns whose selection and conditions the saved ad meets.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Campaign, meetsCampaignConditions } from '@app/contract/planExtras';
import { z } from 'zod';

const campaignSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]{3,40}$/),
  when: z.strictObject({ cat: z.number().int().positive(), subcats: z.array(z.number().int().min(0)).min(1) }),
  name: z.string().min(1),
  title: z.string().min(1),
  intro: z.string().min(1),
  description: z.string().min(1),
  content: z.string().min(1),
  image: z.string().startsWith('/').optional(),
  logo: z.string().startsWith('/').optional(),
  mobileImage: z.string().startsWith('/').optional(),
  desktopImage: z.string().startsWith('/').optional(),
  conditions: z
    .record(z.string().min(1), z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]))
    .refine((c) => Object.keys(c).length > 0, { message: 'conditions must name a field' })
    .optional(),
  plate: z.literal(true).optional(),
});
const fileSchema = z
  .array(campaignSchema)
  .refine((list) => new Set(list.map((c) => c.id)).size === list.length, { message: 'campaign ids must be unique' });

const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), './data/campaigns.json');
/** Every campaign, as checked when the module loads. */
export const CAMPAIGNS = fileSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));

/** The campaigns offered for a category selection (sub-category null: none match). */
export function campaignsFor(cat: number, subcat: number | null | undefined): Campaign[] {
  if (subcat === null || subcat === undefined) return [];
  return CAMPAIGNS.filter((c) => c.when.cat === cat && c.when.subcats.includes(subcat)).map(({ when: _w, ...c }) => c);
}

/** The campaigns an ad may send leads to: offered for its selection, and its values meet their conditions. */
export function campaignsForAd(ad: {
  cat: number;
  subcat: number | null;
  values: Readonly<Record<string, string | string[]>>;
}): Campaign[] {
  return campaignsFor(ad.cat, ad.subcat).filter((c) => meetsCampaignConditions(c.conditions, ad.values));
}
