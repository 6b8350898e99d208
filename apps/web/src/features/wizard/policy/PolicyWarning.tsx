import { hePolicy, heStrength } from '../../../shared/i18n/index.ts';
import { BdiText } from '../../../shared/ui/index.ts';
import type { PolicyMessage } from './usePolicyWarnings.ts';
import '../strength/strength.css';

/** The step's policy warnings (a warning, not a block: the user may go on). Polite status text. */
export function PolicyWarning({ messages }: { messages: readonly PolicyMessage[] | undefined }) {
  return (
    <div role="status" aria-live="polite" data-testid="policy-region">
      {messages && messages.length > 0 && (
        <div className="policy-warning" data-testid="policy-warning">
          <p className="policy-warning__title">{hePolicy.title}</p>
          <ul>
            {messages.map((m) => (
              <li key={m.key} data-testid={`policy-${m.key}`}>
                <BdiText text={m.text} />
                {m.editId !== undefined && (
                  <>
                    {' '}
                    <a href={`/edit/${m.editId}`} target="_blank" rel="noopener">
                      {hePolicy.duplicateLink}
                      <span className="visually-hidden"> {heStrength.newTab}</span>
                    </a>
                  </>
                )}
              </li>
            ))}
          </ul>
          <p className="policy-warning__note">{hePolicy.stillPublish}</p>
        </div>
      )}
    </div>
  );
}
