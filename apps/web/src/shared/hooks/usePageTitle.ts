import { pageMetaOf, SITE_NAME } from '@app/contract/pageMeta';
import { useEffect } from 'react';

/**
 * Sets the document title of the route ("<page> | לוח המודעות") and its meta description (the route's, as the
 * server wrote it into the page it served first: @app/contract/pageMeta).
 */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} | ${SITE_NAME}`;
    const description = pageMetaOf(window.location.pathname).description;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [title]);
}
