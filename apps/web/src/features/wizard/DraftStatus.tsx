import { he } from '../../shared/i18n/index.ts';
import type { DraftStatus as Status } from './useDraftSync.ts';

const TEXT: Record<Status, string> = {
  idle: '',
  dirty: '',
  saving: he.wizard.draftSaving,
  saved: he.wizard.draftSaved,
  failed: he.wizard.draftFailed,
};

/** A quiet line saying whether the draft is saved (so the user knows nothing is lost). */
export function DraftStatus({ status }: { status: Status }) {
  return (
    <p className={`draft-status draft-status--${status}`} role="status" data-testid="draft-status" data-status={status}>
      {TEXT[status]}
    </p>
  );
}
