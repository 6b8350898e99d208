import { he } from '../../shared/i18n/index.ts';

/** An error banner (the save's main error, a failed check); announced, dismissible. */
export function Banner({ message, onDismiss }: { message: string | undefined; onDismiss: () => void }) {
  return (
    <div role="alert" className="wizard-banner-region">
      {message && (
        <div className="wizard-banner" data-testid="wizard-error">
          <p className="wizard-banner__text">{message}</p>
          <button type="button" className="btn btn--link" onClick={onDismiss}>
            {he.wizard.dismiss}
          </button>
        </div>
      )}
    </div>
  );
}
