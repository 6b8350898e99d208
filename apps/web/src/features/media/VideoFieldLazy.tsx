import type { WidgetProps } from '../../shared/fields/index.ts';
import { he } from '../../shared/i18n/index.ts';
import { preloadable, useLoaded } from '../../shared/routing/index.ts';
import { mediaFieldCode } from './MediaFieldLazy.tsx';

/** The video field's code (its words and styles stay out of the other steps). */
export const videoFieldCode = preloadable(() => import('./VideoField.tsx').then((m) => m.VideoField));

/** The video field loads with the media step, like the photo field. */
export function VideoFieldLazy(props: WidgetProps) {
  const VideoField = useLoaded(videoFieldCode);
  if (VideoField) return <VideoField {...props} />;
  return (
    <p role="status" className="video-pending">
      {he.common.loading}
    </p>
  );
}

/**
 * Asks for the media step's code ahead, once the wizard knows its steps hold photos: on a reload on the media step
 * the code comes with the option lists instead of after them, and later the step opens without a wait.
 */
export function preloadMediaCode(): void {
  mediaFieldCode.load().catch(() => undefined);
  videoFieldCode.load().catch(() => undefined);
}
