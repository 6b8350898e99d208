/**
 * An ad as buyers will see it, for the moderator: its title, every field that says something (as its label and
 * the text shown, never a code), its photos in their order and whether it has a video; and the blocked words its
 * text holds now.
 */
import { fieldText } from '@app/catalog/categories/adTitle';
import { catalogFor } from '@app/catalog/categories/registry';
import type { AdPreview } from '@app/contract/operator';
import { formatNumber } from '@app/form-engine/format';
import { DISPLAY_ONLY_TYPES, type FieldDef } from '@app/form-engine/model';
import { wireName } from '@app/form-engine/payload';
import { isChecked } from '@app/form-engine/values';
import { adTitleOf } from '../ads/ad-title.ts';
import type { Ad } from '../ads/ads-repository.ts';
import { bannedWordsIn } from '../ads/ads-repository.ts';
import { serverOptionsSource } from '../catalogue/option-lists.ts';
import { catalogQuery } from '../catalogue/selectors.ts';
import { listAdImages } from '../media/images-repository.ts';
import { mediaUrl } from '../media/store.ts';
import type { Queryable } from '../platform/db/db.ts';
import { freeText, textKeysOf } from '../policy/free-text.ts';

const SKIPPED = new Set(['image', 'file', 'hidden']);

/** A box says 'כן' when ticked (nothing otherwise); a number is grouped (2,100); the rest as buyers read it. */
function shownText(field: FieldDef, values: Record<string, unknown>, options: ReturnType<typeof serverOptionsSource>) {
  const own = values[wireName(field).key];
  if (field.type === 'checkbox') return isChecked(field, own as string | undefined) ? 'כן' : '';
  const text = fieldText(field, values as Parameters<typeof fieldText>[1], options);
  const numeric = (field.isNumeric || field.type === 'number') && !field.noFormat && !field.options && !field.dataUrl;
  return numeric && /^-?\d+(\.\d+)?$/.test(text) ? formatNumber(text) : text;
}

export async function adPreview(db: Queryable, ad: Ad): Promise<AdPreview> {
  const query = catalogQuery(ad.selectors);
  const catalog = query ? catalogFor(query) : undefined;
  const values = { ...ad.selectors, ...ad.values };
  const options = serverOptionsSource(ad.selectors);
  const seen = new Set<string>();
  const fields: AdPreview['fields'] = [];
  for (const step of catalog?.steps ?? []) {
    for (const field of step.fields as FieldDef[]) {
      if (seen.has(field.id) || !field.label || DISPLAY_ONLY_TYPES.has(field.type) || SKIPPED.has(field.type)) continue;
      seen.add(field.id);
      const text = shownText(field, values, options);
      if (text) fields.push({ label: field.label.replace(/\s*\*$/, ''), text, long: field.type === 'textarea' });
    }
  }
  const [images, videos] = await Promise.all([
    listAdImages(db, ad.orderId),
    db.query('SELECT 1 FROM ad_videos WHERE ad_id = $1 LIMIT 1', [ad.orderId]),
  ]);
  return {
    title: adTitleOf(ad.orderId, ad.selectors, ad.values),
    fields,
    photos: images.map((i) => ({ url: mediaUrl(i.imageKey), thumbnailUrl: mediaUrl(i.thumbKey) })),
    hasVideo: videos.length > 0,
  };
}

/** The blocked words the ad's text holds now (whatever a moderator let through before). */
export async function wordsNow(db: Queryable, ad: Ad): Promise<string[]> {
  const query = catalogQuery(ad.selectors);
  const catalog = query ? catalogFor(query) : undefined;
  const keys = textKeysOf(catalog ? [...catalog.steps, ...catalog.editSteps] : []);
  return bannedWordsIn(db, freeText(ad.values, keys));
}
