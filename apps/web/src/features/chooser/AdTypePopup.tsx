import type { ChooserEntry, ChooserTarget } from '@app/catalog/chooser';
import { useState } from 'react';
import { externalUrl, useExternalLinks } from '../../shared/hooks/index.ts';
import { he } from '../../shared/i18n/index.ts';
import { postAppEvent, traderAppEvent } from '../../shared/native-app/index.ts';
import { Popup } from '../../shared/popups/index.ts';
import { TileIcon } from './TileIcon.tsx';
import { useFollowPublishTarget } from './useFollowTarget.ts';

type AdTypeTarget = Extract<ChooserTarget, { kind: 'adType' }>;

/**
 * 'What type of ad would you like to publish?' with private / business; business opens the nested menu
 * (real-estate broker: sale, rent, commercial; vehicle business: external partner/promotion links).
 */
export default function AdTypePopup({ target, onClose }: { target: AdTypeTarget; onClose: () => void }) {
  const [view, setView] = useState<'adType' | 'business'>('adType');
  const links = useExternalLinks();
  const follow = useFollowPublishTarget();

  const choose = (next: ChooserTarget) => {
    if (next.kind === 'publish') {
      // A broker inside the native app: the wrapper hears onTivUser (spec §6); publishing goes on here.
      const app = traderAppEvent(next);
      if (app) postAppEvent(app.event, app.data);
      follow(next, true);
    } else if (next.kind === 'adType') setView('adType');
  };

  if (view === 'business') {
    return (
      <Popup header={target.business.title} size={{ width: 560 }} onClose={onClose} className="ad-type-popup">
        <ul className="business-menu" data-testid={`business-menu-${target.business.id}`}>
          {target.business.entries.map((entry, index) => (
            <li key={entry.id}>
              <BusinessEntry entry={entry} links={links} onChoose={choose} autoFocus={index === 0} />
            </li>
          ))}
        </ul>
        <button type="button" className="btn btn--link ad-type-popup__back" onClick={() => setView('adType')}>
          {he.chooser.backToAdType}
        </button>
      </Popup>
    );
  }

  return (
    <Popup header={he.chooser.adTypeHeader} size={{ width: 560 }} onClose={onClose} className="ad-type-popup">
      <div className="ad-type-popup__choices">
        <button type="button" className="ad-type" onClick={() => choose(target.privateTarget)} data-autofocus>
          <TileIcon id="private" size={36} className="ad-type__icon" />
          <span>{he.chooser.private}</span>
        </button>
        <button type="button" className="ad-type" onClick={() => setView('business')}>
          <TileIcon id="business" size={36} className="ad-type__icon" />
          <span>{he.chooser.business}</span>
        </button>
      </div>
    </Popup>
  );
}

function BusinessEntry(props: {
  entry: ChooserEntry;
  links: Record<string, string>;
  onChoose: (target: ChooserTarget) => void;
  autoFocus: boolean;
}) {
  const { entry, links, onChoose, autoFocus } = props;
  const focus = autoFocus ? { 'data-autofocus': '' } : {};
  if (entry.target.kind === 'external') {
    const href = externalUrl(links, entry.target.linkKey, entry.target.params);
    const app = traderAppEvent(entry.target);
    // A vehicle trader inside the native app: onCarTraderUser, and the app opens its own trader flow (spec §6).
    const onClick = (event: React.MouseEvent) => {
      if (app && postAppEvent(app.event, app.data) && app.replacesNavigation) event.preventDefault();
    };
    return href ? (
      <a className="business-menu__item" href={href} onClick={onClick} {...focus}>
        {entry.title}
      </a>
    ) : (
      <button
        type="button"
        className="business-menu__item"
        aria-disabled="true"
        title={he.common.linkUnavailable}
        {...focus}
      >
        {entry.title}
      </button>
    );
  }
  const target = entry.target;
  return (
    <button type="button" className="business-menu__item" onClick={() => onChoose(target)} {...focus}>
      {entry.title}
    </button>
  );
}
