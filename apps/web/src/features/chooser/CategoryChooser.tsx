import { CHOOSER_MORE, CHOOSER_ROWS, type ChooserTarget, type ChooserTile as Tile } from '@app/catalog/chooser';
import { lazy, Suspense, useState } from 'react';
import { useExternalLinks, useIsMobile, usePageTitle } from '../../shared/hooks/index.ts';
import { he } from '../../shared/i18n/index.ts';
import { ChooserTile } from './ChooserTile.tsx';
import { useFollowPublishTarget } from './useFollowTarget.ts';
import './chooser.css';

// The private/business popup loads when a tile asks for it, not with the first screen.
const AdTypePopup = lazy(() => import('./AdTypePopup.tsx'));

type AdTypeTarget = Extract<ChooserTarget, { kind: 'adType' }>;

/**
 * /publish without a category: 'I want to publish an ad on the board...', the spec's three rows of tiles (one
 * flat list on mobile), and under them the more-categories group (household workers, studies, tourism).
 */
export function CategoryChooser() {
  usePageTitle(he.meta.publish);
  const isMobile = useIsMobile();
  const links = useExternalLinks();
  const follow = useFollowPublishTarget();
  const [adType, setAdType] = useState<AdTypeTarget | null>(null);

  const choose = (tile: Tile) => {
    if (tile.target.kind === 'adType') setAdType(tile.target);
    else if (tile.target.kind === 'publish') follow(tile.target);
  };

  const rows = isMobile ? [CHOOSER_ROWS.flat()] : CHOOSER_ROWS;

  return (
    <section className="chooser" aria-labelledby="chooser-title">
      <h1 id="chooser-title" className="page__title">
        {he.chooser.title}
      </h1>
      <p className="page__lead">{he.chooser.subtitle}</p>
      <div className={`chooser__rows${isMobile ? ' chooser__rows--flat' : ''}`}>
        {rows.map((row) => (
          <ul key={row.map((t) => t.id).join()} className={`chooser__row chooser__row--${row.length}`}>
            {row.map((tile) => (
              <ChooserTile key={tile.id} tile={tile} links={links} onChoose={choose} />
            ))}
          </ul>
        ))}
        <section className="chooser__more" aria-labelledby="chooser-more-title" data-testid="chooser-more">
          <h2 id="chooser-more-title" className="chooser__more-title">
            {he.chooser.more}
          </h2>
          <ul className="chooser__row chooser__row--more">
            {CHOOSER_MORE.map((tile) => (
              <ChooserTile key={tile.id} tile={tile} links={links} onChoose={choose} headingLevel={3} />
            ))}
          </ul>
        </section>
      </div>
      {/* The boards are the server's own pages: a real page load. */}
      <p className="chooser__board">
        {he.chooser.boardLead} <a href="/board">{he.chooser.boardLink}</a>
      </p>
      {adType && (
        <Suspense fallback={null}>
          <AdTypePopup target={adType} onClose={() => setAdType(null)} />
        </Suspense>
      )}
    </section>
  );
}
