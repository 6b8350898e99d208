/**
 * What opens the information and offer popups: the dog-registration link, the plan step's links beside the paid
 * tracks, the donation offer of a published pets ad's finish page. The popups' code loads when one opens.
 */
import type { AdPublishState } from '@app/contract/orders';
import { lazy, type ReactNode, Suspense, useRef, useState } from 'react';
import { externalUrl, useExternalLinks } from '../../shared/hooks/index.ts';
import { heOffers } from '../../shared/i18n/index.ts';
import { donationAnswered, donationOffered, rememberDonationAnswer } from './offers.ts';
import './offerLinks.css';

const popups = () => import('./OfferPopups.tsx');
const DogInfoPopup = lazy(() => popups().then((m) => ({ default: m.DogInfoPopup })));
const DonationPopup = lazy(() => popups().then((m) => ({ default: m.DonationPopup })));
const WeCheckVideoPopup = lazy(() => popups().then((m) => ({ default: m.WeCheckVideoPopup })));
const FreePackagePopup = lazy(() => popups().then((m) => ({ default: m.FreePackagePopup })));
const ResearchPopup = lazy(() => popups().then((m) => ({ default: m.ResearchPopup })));

/** A dog ad's registration information: a link on its properties step. */
export function DogInfoLink() {
  const [open, setOpen] = useState(false);
  return (
    <p className="offer-link">
      <button type="button" className="btn btn--link" data-testid="dog-info-link" onClick={() => setOpen(true)}>
        {heOffers.dog.link}
      </button>
      {open && <Lazy>{<DogInfoPopup onClose={() => setOpen(false)} />}</Lazy>}
    </p>
  );
}

type PlanInfo = 'video' | 'research' | 'freePackage';

/** The plan step's links beside the paid tracks: how it works (video), why pay (research), the free package. */
export function PlanInfoLinks() {
  const [open, setOpen] = useState<PlanInfo>();
  const t = heOffers.plan;
  const close = () => setOpen(undefined);
  const links: [PlanInfo, string][] = [
    ['video', t.video],
    ['research', t.research],
    ['freePackage', t.freePackage],
  ];
  return (
    <nav className="plan-info" aria-label={t.linksLabel}>
      <ul className="plan-info__links">
        {links.map(([name, text]) => (
          <li key={name}>
            <button
              type="button"
              className="btn btn--link"
              data-testid={`plan-info-${name}`}
              onClick={() => setOpen(name)}
            >
              {text}
            </button>
          </li>
        ))}
      </ul>
      <Lazy>
        {open === 'video' && <WeCheckVideoPopup onClose={close} />}
        {open === 'research' && <ResearchPopup onClose={close} />}
        {open === 'freePackage' && <FreePackagePopup onClose={close} />}
      </Lazy>
    </nav>
  );
}

/**
 * The donation offer of a published pets ad's finish page: a box beside the page's content (it blocks nothing),
 * its details in a popup. Any answer (the popup closed, 'not now') is remembered for the session: the next finish
 * page does not offer it again; 'not now' also takes the box away.
 */
export function DonationOffer({ cat, state }: { cat: number | null | undefined; state: AdPublishState | undefined }) {
  const [answered] = useState(donationAnswered);
  const [dismissed, setDismissed] = useState(false);
  const [open, setOpen] = useState(false);
  const dismissedNote = useRef<HTMLParagraphElement>(null);
  const links = useExternalLinks();
  const t = heOffers.donation;
  if (answered || !donationOffered(cat, state)) return null;
  if (dismissed) {
    return (
      <p ref={dismissedNote} className="visually-hidden" tabIndex={-1} role="status">
        {t.dismissed}
      </p>
    );
  }
  return (
    <aside className="donation-offer" aria-labelledby="donation-offer-title" data-testid="donation-offer">
      <h2 id="donation-offer-title" className="donation-offer__title">
        {t.title}
      </h2>
      <p>{t.teaser}</p>
      <div className="donation-offer__actions">
        <button type="button" className="btn btn--primary" onClick={() => setOpen(true)}>
          {t.more}
        </button>
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => {
            rememberDonationAnswer();
            setDismissed(true);
            window.setTimeout(() => dismissedNote.current?.focus(), 0);
          }}
        >
          {t.dismiss}
        </button>
      </div>
      {open && (
        <Lazy>
          <DonationPopup
            donateUrl={externalUrl(links, 'donation')}
            onClose={() => {
              rememberDonationAnswer();
              setOpen(false);
            }}
          />
        </Lazy>
      )}
    </aside>
  );
}

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
