import { useEffect } from 'react';
import { he } from '../../shared/i18n/index.ts';
import { BdiText } from '../../shared/ui/index.ts';
import { dismissFlash, FLASH_MS, useFlash } from './flash.ts';

/** The first queued flash message; dismissed on click or after 4000 ms. */
export function FlashBar() {
  const message = useFlash();
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => dismissFlash(message.id), FLASH_MS);
    return () => clearTimeout(timer);
  }, [message]);
  return (
    <div className="flash" role="status" aria-live="polite">
      {message && (
        <button type="button" className="flash__message" data-testid="flash" onClick={() => dismissFlash(message.id)}>
          <BdiText text={message.text} />
          <span className="visually-hidden"> ({he.wizard.dismiss})</span>
        </button>
      )}
    </div>
  );
}
