import { MISSING_ADDRESS } from '@app/catalog/categories/realEstateLists';
import { type MissingAddressReport, reportMissingAddress } from '../../../../shared/api/index.ts';
import { he } from '../../../../shared/i18n/index.ts';
import { Popup, useFormPopup } from '../../../../shared/popups/index.ts';
import { TextField } from '../../../../shared/ui/index.ts';

const t = MISSING_ADDRESS.texts;
const w = he.missingAddress;

/**
 * Thank-you popup width (spec §2 "Popups": 330x350, 341x330 on mobile). Its height follows its content: a
 * fixed 350 px left a block of empty space under the button.
 */
const THANKS_SIZE = { width: 330, mobile: { width: 341 } };

export interface MissingAddressPopupProps {
  /** What the form starts with: the chosen locality's name, the typed street, the house number. */
  initial: MissingAddressReport;
  /** The thank-you was closed after a successful report (the street as it was reported). */
  onReported: (street: string) => void;
  /** Closed without reporting. */
  onCancel: () => void;
}

/**
 * The missing-address form and its thank-you, in one popup: settlement (required: 'ישוב שדה חובה'), street
 * and house number; a failed or refused report says 'שליחת הבקשה נכשלה, נסו שוב מאוחר יותר' and keeps
 * what was typed.
 */
export function MissingAddressPopup({ initial, onReported, onCancel }: MissingAddressPopupProps) {
  const {
    values: report,
    errors,
    state,
    set,
    submit,
  } = useFormPopup<MissingAddressReport>({
    initial,
    check: ({ settlement }) => (settlement.trim() === '' ? { settlement: t.settlementRequired } : {}),
    send: (typed) =>
      reportMissingAddress({
        settlement: typed.settlement.trim(),
        street: typed.street.trim(),
        houseNumber: typed.houseNumber.trim(),
      }),
  });

  // One popup whose content moves from the form to the thank-you (one history entry, focus moves along).
  const thanks = state === 'thanks';
  return (
    <Popup
      header={thanks ? t.thanks : t.title}
      subheader={thanks ? undefined : w.intro}
      size={thanks ? THANKS_SIZE : undefined}
      onClose={thanks ? () => onReported(report.street.trim()) : onCancel}
      fieldId={MISSING_ADDRESS.from.street}
    >
      {thanks ? (
        <div className="missing-address missing-address--thanks" data-testid="missing-address-thanks">
          <p>{w.thanksText}</p>
          <button
            type="button"
            className="btn btn--primary"
            data-autofocus=""
            onClick={() => onReported(report.street.trim())}
          >
            {w.continue}
          </button>
        </div>
      ) : (
        <form className="missing-address" noValidate onSubmit={submit} data-testid="missing-address-form">
          <TextField
            name="settlement"
            label={w.settlement}
            value={report.settlement}
            onChange={set('settlement')}
            autoComplete="off"
            maxLength={60}
            required
            error={errors.settlement}
            autoFocus={report.settlement === ''}
          />
          <TextField
            name="street"
            label={w.street}
            value={report.street}
            onChange={set('street')}
            autoComplete="off"
            maxLength={80}
            error={errors.street}
            autoFocus={report.settlement !== ''}
          />
          <TextField
            name="houseNumber"
            label={w.houseNumber}
            value={report.houseNumber}
            onChange={set('houseNumber')}
            autoComplete="off"
            dir="ltr"
            maxLength={10}
            error={errors.houseNumber}
          />
          <div aria-live="assertive">
            {state === 'failed' && (
              <p className="missing-address__failed" role="alert">
                {t.failed}
              </p>
            )}
          </div>
          <button
            type="submit"
            className="btn btn--primary"
            disabled={state === 'sending'}
            aria-busy={state === 'sending' || undefined}
          >
            {state === 'sending' ? w.sending : w.send}
          </button>
        </form>
      )}
    </Popup>
  );
}
