import type { Resolution } from '@app/form-engine/resolution';
import { useMemo, useSyncExternalStore } from 'react';
import type { MediaEnv } from '../../../shared/fields/index.ts';
import { type AdStrength, adStrength } from './adStrength.ts';

const noSubscribe = () => () => undefined;
const noPhotos = () => undefined;

/** The meter's strength of the form as it is now, with the photos of the media session (when the steps have one). */
export function useAdStrength(
  resolution: Resolution,
  mode: 'publish' | 'edit',
  media: MediaEnv | undefined,
  ownerEditOrderType?: number | null,
): AdStrength {
  const session = media?.photos;
  const snapshot = useSyncExternalStore(session?.subscribe ?? noSubscribe, session?.getSnapshot ?? noPhotos);
  const photos = snapshot ? snapshot.photos.filter((p) => p.status !== 'failed').length : undefined;
  return useMemo(
    () =>
      adStrength({
        resolution,
        photos,
        mode,
        ownerEditOrderType,
        // Creating an ad: step 0 is the category picker.
        ...(mode === 'publish' ? { skipSteps: new Set([0]) } : {}),
      }),
    [resolution, photos, mode, ownerEditOrderType],
  );
}
