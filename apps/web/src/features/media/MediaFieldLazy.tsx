import type { WidgetProps } from '../../shared/fields/index.ts';
import { he } from '../../shared/i18n/index.ts';
import { preloadable, useLoaded } from '../../shared/routing/index.ts';

/** The photo field's code (the reorder library and the editor stay out of the other steps). */
export const mediaFieldCode = preloadable(() => import('./MediaField.tsx').then((m) => m.MediaField));

/** The photo field loads with the media step, or earlier when the wizard asks for it ahead (preloadMediaCode). */
export function MediaFieldLazy(props: WidgetProps) {
  const MediaField = useLoaded(mediaFieldCode);
  if (MediaField) return <MediaField {...props} />;
  // The wait keeps the field's room (its height on a phone) so the strength panel and the buttons under it do not
  // jump when the field's code arrives (a layout shift Lighthouse measured on the media step).
  return (
    <p role="status" className="media-pending">
      {he.common.loading}
    </p>
  );
}
