import { useEffect } from 'react';

const SITE = 'לוח המודעות';

/** Sets the document title of the route: "<page> | לוח המודעות". */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} | ${SITE}`;
  }, [title]);
}
