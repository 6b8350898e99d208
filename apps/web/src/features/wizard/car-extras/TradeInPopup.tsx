import { sendTradeInLead } from '../../../shared/api/index.ts';
import { heReminders } from '../../../shared/i18n/index.ts';
import { FormPopup, useFormPopup } from '../../../shared/popups/index.ts';
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
  const form = useFormPopup({
    initial: { name: initialName, phone: '' },
    check: ({ name, phone }) => ({
      ...(name.trim() ? {} : { name: w.nameRequired }),
      ...(phone.trim() ? {} : { phone: w.phoneRequired }),
    }),
    send: ({ name, phone }) => sendTradeInLead({ name: name.trim(), phone: phone.trim(), ...extra }),
  });
  const { field } = form;
  const named = form.values.name !== '';

  return (
    <FormPopup
      form={form}
      texts={w}
      thanksSize={THANKS_SIZE}
      fieldId="tradeIn"
      testId="trade-in"
      onCancel={onCancel}
      onDone={onSent}
      actions={
        <button type="button" className="btn btn--secondary" onClick={onCancel}>
          {w.cancel}
        </button>
      }
    >
      <TextField
        {...field('name', 'tradeInName')}
        label={w.name}
        kind="name"
        maxLength={60}
        required
        autoFocus={!named}
      />
      <TextField
        {...field('phone', 'tradeInPhone')}
        label={w.phone}
        kind="phone"
        maxLength={13}
        required
        autoFocus={named}
      />
    </FormPopup>
  );
}
