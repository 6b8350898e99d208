import { CAMPAIGN_PLATE_MAX_LENGTH, type Campaign } from '@app/contract/planExtras';
import { type Ref, useId } from 'react';
import { heCampaigns } from '../../../shared/i18n/index.ts';
import { TextField } from '../../../shared/ui/index.ts';
import { plateDigits } from './campaigns.ts';
import './campaigns.css';

export interface CampaignCardsProps {
  campaigns: readonly Campaign[];
  ticked: ReadonlySet<string>;
  onTick: (id: string, on: boolean) => void;
  plate: string;
  onPlate: (digits: string) => void;
  plateError: string | undefined;
  plateRef: Ref<HTMLInputElement>;
}

/** A campaign's picture: the phone or desktop image by width, else its one image; decorative (the title says it). */
function CampaignImage({ campaign }: { campaign: Campaign }) {
  const { image, mobileImage, desktopImage } = campaign;
  const fallback = image ?? desktopImage ?? mobileImage;
  if (!fallback) return null;
  return (
    <picture className="campaign__image">
      {mobileImage && <source media="(max-width: 620px)" srcSet={mobileImage} />}
      {desktopImage && <source media="(min-width: 621px)" srcSet={desktopImage} />}
      <img src={fallback} alt="" loading="lazy" />
    </picture>
  );
}

function CampaignCard(props: CampaignCardsProps & { campaign: Campaign }) {
  const { campaign, ticked, onTick, plate, onPlate, plateError, plateRef } = props;
  const id = useId();
  const on = ticked.has(campaign.id);
  return (
    <li className="campaign" data-testid={`campaign-${campaign.id}`}>
      <CampaignImage campaign={campaign} />
      <div className="campaign__head">
        {campaign.logo && (
          <img className="campaign__logo" src={campaign.logo} alt={campaign.name} width={48} height={48} />
        )}
        <h4 className="campaign__title">{campaign.title}</h4>
      </div>
      <p className="campaign__intro">{campaign.intro}</p>
      <div className="checkbox">
        <input
          id={`${id}-opt-in`}
          type="checkbox"
          name={`campaign-${campaign.id}`}
          className="checkbox__input"
          checked={on}
          onChange={(event) => onTick(campaign.id, event.target.checked)}
          aria-describedby={`${id}-content`}
        />
        <label htmlFor={`${id}-opt-in`} className="campaign__opt-in">
          {campaign.description}
        </label>
      </div>
      <p id={`${id}-content`} className="campaign__content">
        {campaign.content}
      </p>
      {campaign.plate && on && (
        <TextField
          name="campaignPlate"
          label={heCampaigns.plateLabel}
          hint={heCampaigns.plateHint}
          value={plate}
          onChange={(value) => onPlate(plateDigits(value))}
          inputMode="numeric"
          autoComplete="off"
          dir="ltr"
          maxLength={CAMPAIGN_PLATE_MAX_LENGTH}
          error={plateError}
          required
          inputRef={plateRef}
        />
      )}
    </li>
  );
}

/** The campaigns of a step (publish-wizard.md §3 "Campaign"): a card each with its opt-in the advertiser ticks. */
export default function CampaignCards(props: CampaignCardsProps) {
  const titleId = useId();
  return (
    <section className="campaigns" aria-labelledby={titleId} data-testid="campaigns">
      <h3 id={titleId} className="campaigns__title">
        {heCampaigns.title}
      </h3>
      <p className="campaigns__subtitle">{heCampaigns.subtitle}</p>
      <ul className="campaigns__list">
        {props.campaigns.map((campaign) => (
          <CampaignCard key={campaign.id} {...props} campaign={campaign} />
        ))}
      </ul>
    </section>
  );
}
