import { sendTradeInLead } from '../../../shared/api/index.ts';
import { heReminders } from '../../../shared/i18n/index.ts';
import { Popup, useFormPopup } from '../../../shared/popups/index.ts';
import { TextField } from '../../../shared/ui/index.ts';
import '../../../shared/popups/confirmPopup.css';

const w = heReminders.tradeIn;
/** Thank-you popup size (publish-wizard.md §2: 330x350, 341x330 on mobile); its height follows its content. */
const THANKS_SIZE = { width: 330, mobile: { width: 341 } };

export interface TradeInPopupProps {
  initialName: string;
  /** The lead's context: the wizard's ad when it has one, and the car chosen so far. */
  extra: { OrderID?: string; manufacturer?: string; model?: string; year?: string };
  /** The thank-you was closed: the box stays checked and locked. */
  onSent: () => void;
  /** Cancelled or closed before sending: the box is unchecked. */
  onCancel: () => void;
}

/**
 * The trade-in lead (publish-wizard.md §4-§5, §8): name and phone, both required ('שם מלא שדה חובה', 'טלפון שדה
 * חובה'; errors clear on typing); a failure says 'שליחת הבקשה נכשלה, נסו שנית מאוחר יותר'; success shows a thank-you.
 */
export function TradeInPopup({ initialName, extra, onSent, onCancel }: TradeInPopupProps) {
  const { values, errors, state, set, submit } = useFormPopup({
    initial: { name: initialName, phone: '' },
    check: ({ name, phone }) => ({
      ...(name.trim() ? {} : { name: w.nameRequired }),
      ...(phone.trim() ? {} : { phone: w.phoneRequired }),
    }),
    send: ({ name, phone }) => sendTradeInLead({ name: name.trim(), phone: phone.trim(), ...extra }),
  });
  const { name, phone } = values;

  const thanks = state === 'thanks';
  return (
    <Popup
      header={thanks ? w.thanksHeader : w.header}
      subheader={thanks ? undefined : w.intro}
      size={thanks ? THANKS_SIZE : undefined}
      onClose={thanks ? onSent : onCancel}
      fieldId="tradeIn"
    >
      {thanks ? (
        <div data-testid="trade-in-thanks">
          <p className="confirm-popup__text">{w.thanksText}</p>
          <button type="button" className="btn btn--primary" data-autofocus="" onClick={onSent}>
            {w.close}
          </button>
        </div>
      ) : (
        <form noValidate onSubmit={submit} data-testid="trade-in-form">
          <TextField
            name="tradeInName"
            label={w.name}
            value={name}
            onChange={set('name')}
            autoComplete="name"
            maxLength={60}
            required
            error={errors.name}
            autoFocus={name === ''}
          />
          <TextField
            name="tradeInPhone"
            label={w.phone}
            value={phone}
            onChange={set('phone')}
            autoComplete="tel"
            inputMode="tel"
            dir="ltr"
            maxLength={13}
            required
            error={errors.phone}
            autoFocus={name !== ''}
          />
          <div aria-live="assertive">
            {state === 'failed' && (
              <p className="confirm-popup__error" role="alert">
                {w.failed}
              </p>
            )}
          </div>
          <div className="confirm-popup__actions">
            <button
              type="submit"
              className="btn btn--primary"
              disabled={state === 'sending'}
              aria-busy={state === 'sending' || undefined}
            >
              {state === 'sending' ? w.sending : w.send}
            </button>
            <button type="button" className="btn btn--secondary" onClick={onCancel}>
              {w.cancel}
            </button>
          </div>
        </form>
      )}
    </Popup>
  );
}
