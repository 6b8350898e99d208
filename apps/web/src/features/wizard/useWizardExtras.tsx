import type { Selectors } from '@app/contract/publish';
import type { ReactNode } from 'react';
import type { MediaEnv } from '../../shared/fields/index.ts';
import { LiveCountLine, liveCountRequest } from '../counts/index.ts';
import { PolicyWarning } from './policy/PolicyWarning.tsx';
import { usePolicyWarnings } from './policy/usePolicyWarnings.ts';
import { reachableTips, type StrengthTip } from './strength/adStrength.ts';
import { focusField } from './strength/focusField.ts';
import { StrengthMeter } from './strength/StrengthMeter.tsx';
import { useAdStrength } from './strength/useAdStrength.ts';
import type { WizardCore } from './useWizardCore.ts';

export interface WizardExtrasInput {
  core: WizardCore;
  selectors: Selectors;
  media: MediaEnv | undefined;
  orderId: number | undefined;
  loggedIn: boolean;
  /** Creating an ad: the open step, the furthest step the user may open, and the move to a step. */
  current?: number;
  reachable?: number;
  goTo?: (step: number) => void;
  /** Editing: the ad's order type id (adData.OrderTypeID) for the upgrade tip. */
  editOrderType?: number | null | undefined;
}

/**
 * What the wizard shows under its steps: the ad-strength meter (edit mode as the spec says; while creating,
 * under the open step), the live-ad count of the open step, and the policy warnings of each step. A tip opens its
 * step (creating: the usual movement, which checks the step being left) and focuses its field.
 */
export function useWizardExtras(input: WizardExtrasInput) {
  const { core, selectors, media, orderId, loggedIn, current, reachable, goTo, editOrderType } = input;
  const { mode } = core.context;
  const resolution = core.form.resolution;
  const strength = useAdStrength(resolution, mode, media, editOrderType);
  const policy = usePolicyWarnings(resolution, selectors, orderId, loggedIn);

  const onTip = (tip: StrengthTip) => {
    if (tip.step === undefined || tip.fieldId === undefined) return;
    if (mode === 'publish' && tip.step !== current) goTo?.(tip.step);
    focusField(tip.step, tip.fieldId);
  };

  const meter =
    mode === 'edit' ? (
      <StrengthMeter strength={strength} adId={orderId} onTip={onTip} />
    ) : (
      <StrengthMeter
        compact
        strength={{ ...strength, tips: reachableTips(strength.tips, reachable ?? 0) }}
        onTip={onTip}
      />
    );

  const asideOf = (index: number): ReactNode => {
    const warnings = <PolicyWarning messages={policy.get(index)} />;
    if (mode === 'edit' || index !== current) return warnings;
    const def = core.steps[index];
    const line = liveCountRequest(selectors, index, core.baseEnv.read);
    const details = def?.stepGroup === 'fillDetails' || def?.stepGroup === 'uploadImages';
    return (
      <>
        {warnings}
        {line && <LiveCountLine line={line} />}
        {details && !def?.isLoginArea && meter}
      </>
    );
  };

  return { strength, meter, asideOf };
}
