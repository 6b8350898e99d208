import { he } from '../../shared/i18n/index.ts';
import type { Progress } from './useSaveChain.ts';

/** The save chain's progress: its Hebrew text and a bar (role progressbar, aria-valuenow). */
export function SaveProgress({ progress }: { progress: Progress | null }) {
  return (
    <div className="save-progress" aria-live="polite">
      {progress && (
        <>
          <div
            className="save-progress__bar"
            role="progressbar"
            aria-label={he.wizard.progressLabel}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress.percent}
            aria-valuetext={`${progress.message} ${progress.percent}%`}
          >
            <span className="save-progress__fill" style={{ inlineSize: `${progress.percent}%` }} />
          </div>
          <p className="save-progress__text">
            {progress.message}… <bdi>{progress.percent}%</bdi>
          </p>
          {progress.detail && (
            <p className="save-progress__text" data-testid="save-progress-detail">
              {progress.detail}
            </p>
          )}
        </>
      )}
    </div>
  );
}
