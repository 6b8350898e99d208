/**
 * The information and offer popups (after-save-area.md §2 "Popups", §9 sizes), loaded only when one opens. Each is
 * the product's Popup: a labelled dialog, focus kept inside and returned, closed by Esc and browser back.
 */
import type { ReactNode } from 'react';
import { heOffers } from '../../shared/i18n/index.ts';
import { Popup } from '../../shared/popups/index.ts';
import { Link } from '../../shared/routing/index.ts';
import { WE_CHECK_VIDEO } from './offers.ts';
import './offers.css';

interface Closable {
  onClose: () => void;
}

/** A 480 px information popup: its text, then its answers. */
function InfoPopup(props: Closable & { header: string; children: ReactNode; actions: ReactNode }) {
  return (
    <Popup header={props.header} size={{ width: 480 }} onClose={props.onClose} className="info-popup">
      {props.children}
      <div className="info-popup__actions">{props.actions}</div>
    </Popup>
  );
}

/** An answer that closes the popup: the main one is focused first. */
function CloseButton({ text, main = false, onClose }: Closable & { text: string; main?: boolean }) {
  return (
    <button
      type="button"
      className={`btn ${main ? 'btn--primary' : 'btn--secondary'}`}
      data-autofocus={main || undefined}
      onClick={onClose}
    >
      {text}
    </button>
  );
}

/** Registering a dog as the law requires (chip, rabies vaccine, licence): information only. */
export function DogInfoPopup({ onClose }: Closable) {
  const t = heOffers.dog;
  return (
    <InfoPopup header={t.header} onClose={onClose} actions={<CloseButton text={t.ok} main onClose={onClose} />}>
      <p>{t.intro}</p>
      <ul className="info-popup__list">
        {t.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <p>{t.transfer}</p>
      <p className="info-popup__note">{t.note}</p>
    </InfoPopup>
  );
}

/** The donation offer: optional; the donation page opens in a tab of its own when one is configured. */
export function DonationPopup({ onClose, donateUrl }: Closable & { donateUrl: string | undefined }) {
  const t = heOffers.donation;
  const donate = donateUrl && (
    <a
      href={donateUrl}
      target="_blank"
      rel="noopener noreferrer"
      className="btn btn--primary"
      data-autofocus
      data-testid="donation-link"
      onClick={onClose}
    >
      {t.donate}
    </a>
  );
  return (
    <InfoPopup
      header={t.header}
      onClose={onClose}
      actions={
        <>
          {donate}
          <CloseButton text={t.later} onClose={onClose} />
        </>
      }
    >
      <p>{t.text}</p>
      <p className="info-popup__note">{t.optional}</p>
    </InfoPopup>
  );
}

/** The we-check video (700x460, 95% wide on phones), played from the product's own origin, with its summary. */
export function WeCheckVideoPopup({ onClose }: Closable) {
  const t = heOffers.video;
  return (
    <Popup header={t.header} size={{ width: 700, height: 460 }} kind="video" onClose={onClose} className="video-popup">
      {/* biome-ignore lint/a11y/useMediaCaption: the video has no speech; its summary is the text under it */}
      <video
        className="video-popup__video"
        src={WE_CHECK_VIDEO}
        controls
        preload="metadata"
        playsInline
        data-autofocus
        aria-describedby="we-check-summary"
        data-testid="we-check-video"
      >
        {t.unsupported}
      </video>
      <p id="we-check-summary" className="video-popup__summary">
        {t.summary}
      </p>
    </Popup>
  );
}

/** The free-package offer: static text, on to the packages page or closed. */
export function FreePackagePopup({ onClose }: Closable) {
  const t = heOffers.freePackage;
  const actions = (
    <>
      <Link to="/packages" className="btn btn--primary" data-autofocus>
        {t.toPackages}
      </Link>
      <CloseButton text={t.close} onClose={onClose} />
    </>
  );
  return (
    <InfoPopup header={t.header} onClose={onClose} actions={actions}>
      <p>{t.text}</p>
      <p>{t.how}</p>
    </InfoPopup>
  );
}

/** Our research's claim: paid ads sell for about 3.5% to 3.8% more. */
export function ResearchPopup({ onClose }: Closable) {
  const t = heOffers.research;
  return (
    <InfoPopup header={t.header} onClose={onClose} actions={<CloseButton text={t.ok} main onClose={onClose} />}>
      <p className="info-popup__claim" data-testid="research-claim">
        {t.claim}
      </p>
      <p>{t.why}</p>
      <p className="info-popup__note">{t.note}</p>
    </InfoPopup>
  );
}
