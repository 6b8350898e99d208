import { he } from '../../shared/i18n/index.ts';
import type { PrimaryAction } from './navigation.ts';

export interface StepNavProps {
  showBack: boolean;
  showPrimary: boolean;
  action: PrimaryAction;
  verifying: boolean;
  saving: boolean;
  onBack: () => void;
  onPrimary: () => void;
}

const LABELS = {
  next: he.wizard.next,
  backToLast: he.wizard.backToLast,
  publish: he.wizard.publish,
  none: '',
} as const;

/** Back and next of a step; the save step's button publishes; while the server checks, 'מאמת…'. */
export function StepNav({ showBack, showPrimary, action, verifying, saving, onBack, onPrimary }: StepNavProps) {
  const primary = showPrimary && action.kind !== 'none';
  if (!primary && !showBack) return null;
  const busy = verifying || saving;
  return (
    <div className="step-nav">
      {primary && (
        <button
          type="button"
          className="btn btn--primary step-nav__primary"
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={onPrimary}
        >
          {verifying ? he.wizard.verifying : LABELS[action.kind]}
        </button>
      )}
      {showBack && (
        <button type="button" className="btn btn--secondary step-nav__back" disabled={busy} onClick={onBack}>
          {he.wizard.back}
        </button>
      )}
    </div>
  );
}
