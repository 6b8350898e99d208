import type { ChooserTile as Tile } from '@app/catalog/chooser';
import { useId } from 'react';
import type { ExternalLinks } from '../../shared/api/index.ts';
import { externalUrl } from '../../shared/hooks/index.ts';
import { he } from '../../shared/i18n/index.ts';
import { TileIcon } from './TileIcon.tsx';

export interface ChooserTileProps {
  tile: Tile;
  links: ExternalLinks;
  onChoose: (tile: Tile) => void;
  /** The title's heading level: 2 in the main rows, 3 under the more-categories heading. */
  headingLevel?: 2 | 3;
}

/**
 * One chooser tile: icon, title, optional subtitle/"new" badge and a 'להתחיל' action covering the card.
 * The action's accessible name is "להתחיל <title>"; external tiles are plain links.
 */
export function ChooserTile({ tile, links, onChoose, headingLevel = 2 }: ChooserTileProps) {
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const id = useId();
  const startId = `${id}-start`;
  const titleId = `${id}-title`;
  const start = (
    <span id={startId} className="tile__start">
      {he.chooser.start}
    </span>
  );
  const labelledBy = `${startId} ${titleId}`;
  const href =
    tile.target.kind === 'external' ? externalUrl(links, tile.target.linkKey, tile.target.params) : undefined;

  let action: React.ReactNode;
  if (tile.target.kind !== 'external') {
    action = (
      <button type="button" className="tile__action" aria-labelledby={labelledBy} onClick={() => onChoose(tile)}>
        {start}
      </button>
    );
  } else if (href) {
    action = (
      <a className="tile__action" href={href} aria-labelledby={labelledBy}>
        {start}
      </a>
    );
  } else {
    action = (
      <button
        type="button"
        className="tile__action"
        aria-labelledby={labelledBy}
        aria-disabled="true"
        title={he.common.linkUnavailable}
      >
        {start}
      </button>
    );
  }

  return (
    <li className={`tile tile--${tile.id}`} data-testid={`tile-${tile.id}`}>
      <span className="tile__icon">
        <TileIcon id={tile.id} />
      </span>
      <span className="tile__text">
        <span className="tile__heading">
          <Heading id={titleId} className="tile__title">
            {tile.title}
          </Heading>
          {tile.isNew && <span className="tile__badge">{he.common.newBadge}</span>}
        </span>
        {tile.subtitle && <span className="tile__subtitle">{tile.subtitle}</span>}
      </span>
      {action}
    </li>
  );
}
