/**
 * An ad as buyers will see it, for the moderator: its title, every field that says something (as its label and
 * the text shown, never a code), its photos in their order and whether it has a video; and the blocked words its
 * text holds now.
 */

import { catalogFor } from '@app/catalog/categories/registry';
import { mediaUrl } from '@app/contract/media';
import type { AdPreview } from '@app/contract/operator';
import { shownFieldGroups } from '../ads/ad-fields.ts';
import { adTitleOf } from '../ads/ad-title.ts';
import type { Ad } from '../ads/ads-repository.ts';
import { bannedWordsIn } from '../ads/ads-repository.ts';
import { catalogQuery } from '../catalogue/selectors.ts';
import { listAdImages } from '../media/images-repository.ts';
import type { Queryable } from '../platform/db/db.ts';
import { freeText, textKeysOf } from '../policy/free-text.ts';
import { findAdVideo } from '../video/repository.ts';

export async function adPreview(db: Queryable, ad: Ad): Promise<AdPreview> {
  // The fields as buyers read them (ads/ad-fields.ts, the ad page's own): the moderator sees the contact step too.
  const fields: AdPreview['fields'] = shownFieldGroups(ad).flatMap((g) =>
    g.fields.map(({ label, text, long }) => ({ label, text, long })),
  );
  const [images, video] = await Promise.all([listAdImages(db, ad.orderId), findAdVideo(db, ad.orderId)]);
  return {
    title: adTitleOf(ad.orderId, ad.selectors, ad.values),
    fields,
    photos: images.map((i) => ({ url: mediaUrl(i.imageKey), thumbnailUrl: mediaUrl(i.thumbKey) })),
    hasVideo: video !== null,
  };
}

/** The blocked words the ad's text holds now (whatever a moderator let through before). */
export async function wordsNow(db: Queryable, ad: Ad): Promise<string[]> {
  const query = catalogQuery(ad.selectors);
  const catalog = query ? catalogFor(query) : undefined;
  const keys = textKeysOf(catalog ? [...catalog.steps, ...catalog.editSteps] : []);
  return bannedWordsIn(db, freeText(ad.values, keys));
}
