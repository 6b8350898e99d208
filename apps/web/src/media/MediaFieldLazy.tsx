import { lazy, Suspense } from 'react';
import type { WidgetProps } from '../fields/types.ts';
import { he } from '../i18n/he.ts';

const MediaField = lazy(() => import('./MediaField.tsx').then((m) => ({ default: m.MediaField })));

/** The photo field loads with the media step (the reorder library and the editor stay out of the other steps). */
export function MediaFieldLazy(props: WidgetProps) {
  return (
    <Suspense fallback={<p role="status">{he.common.loading}</p>}>
      <MediaField {...props} />
    </Suspense>
  );
}
