import { lazy, Suspense } from 'react';
import type { WidgetProps } from '../fields/types.ts';
import { he } from '../i18n/he.ts';

const MediaField = lazy(() => import('./MediaField.tsx').then((m) => ({ default: m.MediaField })));

/** The photo field loads with the media step (the reorder library and the editor stay out of the other steps). */
export function MediaFieldLazy(props: WidgetProps) {
  return (
    // The wait keeps the field's room (its height on a phone) so the strength panel and the buttons under it do not
    // jump when the field's code arrives (a layout shift Lighthouse measured on the media step).
    <Suspense
      fallback={
        <p role="status" className="media-pending">
          {he.common.loading}
        </p>
      }
    >
      <MediaField {...props} />
    </Suspense>
  );
}
