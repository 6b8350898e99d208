/**
 * Campaigns offered on the plan step (after-save-area.md §3 "Campaign", §7 campaign/save): partners to whom the
 * advertiser may pass a lead. The data is `src/plans/data/campaigns.json`, checked when this module loads; each campaign
 * has a condition (`when`: a category and its sub-categories). The fields response lists the campaigns of its
 * selection in publishCampaigns; campaign/save accepts only those of the ad's category.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Campaign } from '@app/contract/planExtras';
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
