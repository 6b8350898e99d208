import { useSyncExternalStore } from 'react';

/** Spec breakpoints: mobile ≤ 620 px, tablet 621–880, desktop > 880. */
export const MOBILE_QUERY = '(max-width: 620px)';

/** Live result of a CSS media query. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

export const useIsMobile = (): boolean => useMediaQuery(MOBILE_QUERY);
