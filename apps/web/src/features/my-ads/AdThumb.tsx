import type { MyAd } from '@app/contract/planExtras';
import { hePackages } from '../../shared/i18n/index.ts';

const t = hePackages.myAds;

/**
 * An ad's main photo on /my-ads: the photo store's thumbnail (240x180), loaded when it scrolls near, named by the
 * ad's title; an ad without photos gets a neutral camera placeholder of the same size.
 */
export function AdThumb({ ad }: { ad: Pick<MyAd, 'title' | 'thumbnailUrl'> }) {
  if (ad.thumbnailUrl) {
    return (
      <img
        className="my-ad__thumb"
        src={ad.thumbnailUrl}
        alt={t.photoAlt(ad.title)}
        width={240}
        height={180}
        loading="lazy"
        decoding="async"
      />
    );
  }
  return (
    <div className="my-ad__thumb my-ad__thumb--none" role="img" aria-label={t.noPhoto} data-testid="my-ad-no-photo">
      <svg viewBox="0 0 24 24" width="36" height="36" aria-hidden="true" focusable="false">
        <path
          d="M4 8h3l1.5-2h7L17 8h3v11H4z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinejoin="round"
        />
        <circle cx="12" cy="13" r="3.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
      </svg>
    </div>
  );
}
