import { lazy, Suspense } from 'react';
import type { WidgetProps } from '../fields/types.ts';
import { he } from '../i18n/he.ts';

const VideoField = lazy(() => import('./VideoField.tsx').then((m) => ({ default: m.VideoField })));

/** The video field loads with the media step, like the photo field (its words and styles stay out of the rest). */
export function VideoFieldLazy(props: WidgetProps) {
  return (
    <Suspense fallback={<p role="status">{he.common.loading}</p>}>
      <VideoField {...props} />
    </Suspense>
  );
}
