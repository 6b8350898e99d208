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
  /** The save step's preview of the ad as buyers will see it (publish and edit), while it opens: busy. */
  preview?: { onPress: () => void; busy: boolean } | undefined;
}

const LABELS = {
  next: he.wizard.next,
  backToLast: he.wizard.backToLast,
  publish: he.wizard.publish,
  none: '',
} as const;

/** The preview of the ad as buyers will see it (the server's /item/{id}/preview); 'פותחים תצוגה מקדימה…' while it opens. */
export function PreviewButton(props: { onPress: () => void; busy: boolean; disabled: boolean; className?: string }) {
  return (
    <button
      type="button"
      className={`btn btn--secondary ${props.className ?? ''}`}
      disabled={props.disabled}
      aria-busy={props.busy || undefined}
      onClick={props.onPress}
      data-testid="open-preview"
    >
      {props.busy ? he.wizard.previewOpening : he.wizard.preview}
    </button>
  );
}

/** Back and next of a step; the save step's button publishes; while the server checks, 'מאמת…'. */
export function StepNav(props: StepNavProps) {
  const { showBack, showPrimary, action, verifying, saving, onBack, onPrimary, preview } = props;
  const primary = showPrimary && action.kind !== 'none';
  if (!primary && !showBack) return null;
  const busy = verifying || saving || Boolean(preview?.busy);
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
      {primary && preview && (
        <PreviewButton onPress={preview.onPress} busy={preview.busy} disabled={busy} className="step-nav__preview" />
      )}
      {showBack && (
        <button type="button" className="btn btn--secondary step-nav__back" disabled={busy} onClick={onBack}>
          {he.wizard.back}
        </button>
      )}
    </div>
  );
}
