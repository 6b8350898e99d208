import { useId, useState } from 'react';
import { heStrength } from '../../../shared/i18n/index.ts';
import { isNativeApp } from '../../../shared/native-app/index.ts';
import { BdiText } from '../../../shared/ui/index.ts';
import type { AdStrength, StrengthTip } from './adStrength.ts';
import { celebrate } from './confetti.ts';
import { StrengthIcon } from './StrengthIcon.tsx';
import './strength.css';

export interface StrengthMeterProps {
  strength: AdStrength;
  /** The edited ad's number (the upgrade tip's link). */
  adId?: number | undefined;
  /** Opens the tip's step and focuses its field. */
  onTip: (tip: StrengthTip) => void;
  compact?: boolean;
}

/**
 * The ad-strength meter (after-save-area.md §4): the bar with its percent, the level's icon and colour, and the
 * tips, each a link to the field that fixes it. The crown (strong) celebrates with confetti for three seconds.
 */
export function StrengthMeter({ strength, adId, onTip, compact }: StrengthMeterProps) {
  const { percent, level, icon, color, tips } = strength;
  const [celebrating, setCelebrating] = useState(false);
  const titleId = useId();
  const native = isNativeApp();
  const upgradeHref = adId ? `/my-ads?upgrade=${adId}` : undefined;
  // Above the edit steps a section of the page (h2); under a step's title (h2) while creating, h3.
  const Heading = compact ? 'h3' : 'h2';
  return (
    <section
      className={`strength strength--${color}${compact ? ' strength--compact' : ''}`}
      aria-labelledby={titleId}
      data-testid="strength-meter"
      data-level={level}
      data-percent={percent}
    >
      <div className="strength__head">
        {icon === 'none' ? null : icon === 'crown' ? (
          <button
            type="button"
            className="strength__icon strength__icon--button"
            aria-label={`${heStrength.icons.crown}: ${heStrength.crownHint}`}
            disabled={celebrating}
            data-testid="strength-crown"
            onClick={() => {
              setCelebrating(true);
              void celebrate().finally(() => setCelebrating(false));
            }}
          >
            <StrengthIcon icon="crown" />
          </button>
        ) : (
          <span className="strength__icon" role="img" aria-label={heStrength.icons[icon]}>
            <StrengthIcon icon={icon} />
          </span>
        )}
        <div className="strength__titles">
          <Heading id={titleId} className="strength__title">
            {heStrength.title}: <span className="strength__level">{heStrength.levels[level]}</span>
          </Heading>
          <p className="strength__percent">
            <BdiText text={heStrength.percent(percent)} />
          </p>
        </div>
      </div>
      <div
        className="strength__bar"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-labelledby={titleId}
      >
        <span className="strength__fill" style={{ inlineSize: `${percent}%` }} />
      </div>
      <ul className="strength__tips" aria-label={heStrength.tipsTitle}>
        {tips.map((tip) => (
          <li
            key={tip.kind}
            className={`strength__tip strength__tip--${tip.kind}`}
            data-testid={`strength-tip-${tip.kind}`}
          >
            {tip.kind === 'success' ? (
              <span>{heStrength.tips.success}</span>
            ) : tip.kind === 'upgrade' ? (
              <>
                <span>{heStrength.tips.upgrade}</span>{' '}
                {upgradeHref && (
                  <a
                    href={upgradeHref}
                    {...(native ? {} : { target: '_blank', rel: 'noopener' })}
                    data-testid="strength-upgrade"
                  >
                    {heStrength.upgradeLink}
                    {!native && <span className="visually-hidden"> {heStrength.newTab}</span>}
                  </a>
                )}
              </>
            ) : (
              <a
                href={`#${tip.fieldId ?? ''}`}
                onClick={(event) => {
                  event.preventDefault();
                  onTip(tip);
                }}
              >
                {heStrength.tips[tip.kind]}
              </a>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
