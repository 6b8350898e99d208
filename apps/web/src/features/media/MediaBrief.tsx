import { useSyncExternalStore } from 'react';
import { heMedia } from '../../shared/i18n/index.ts';
import type { MediaSession } from './session.ts';

/** The passed media step's brief in the accordion: how many photos, and a row of their thumbnails. */
export function MediaBrief({ session }: { session: MediaSession }) {
  const { photos } = useSyncExternalStore(session.subscribe, session.getSnapshot);
  return (
    <span className="media-brief" data-testid="media-brief">
      <span>{photos.length ? heMedia.brief(photos.length) : heMedia.noPhotos}</span>
      {photos
        .slice(0, 6)
        .map((photo) =>
          photo.previewUrl ? <img key={photo.id} src={photo.previewUrl} alt="" draggable={false} /> : null,
        )}
    </span>
  );
}
