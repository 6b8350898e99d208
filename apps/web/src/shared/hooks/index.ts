export { externalUrl, useExternalLinks } from './useExternalLinks.ts';
export { useIsMobile, useMediaQuery } from './useMediaQuery.ts';
export { usePageTitle } from './usePageTitle.ts';
