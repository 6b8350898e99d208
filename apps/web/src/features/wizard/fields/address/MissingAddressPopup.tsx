import { MISSING_ADDRESS } from '@app/catalog/categories/realEstateLists';
import { type MissingAddressReport, reportMissingAddress } from '../../../../shared/api/index.ts';
import { he } from '../../../../shared/i18n/index.ts';
import { FormPopup, useFormPopup } from '../../../../shared/popups/index.ts';
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
  const form = useFormPopup<MissingAddressReport>({
    initial,
    check: ({ settlement }) => (settlement.trim() === '' ? { settlement: t.settlementRequired } : {}),
    send: (typed) =>
      reportMissingAddress({
        settlement: typed.settlement.trim(),
        street: typed.street.trim(),
        houseNumber: typed.houseNumber.trim(),
      }),
  });
  const { field, values: report } = form;

  return (
    <FormPopup
      form={form}
      texts={{ ...w, header: t.title, failed: t.failed, thanksHeader: t.thanks, close: w.continue }}
      thanksSize={THANKS_SIZE}
      fieldId={MISSING_ADDRESS.from.street}
      testId="missing-address"
      onCancel={onCancel}
      onDone={() => onReported(report.street.trim())}
      classes={{
        form: 'missing-address',
        failed: 'missing-address__failed',
        thanks: 'missing-address missing-address--thanks',
      }}
    >
      <TextField
        {...field('settlement')}
        label={w.settlement}
        autoComplete="off"
        maxLength={60}
        required
        autoFocus={report.settlement === ''}
      />
      <TextField
        {...field('street')}
        label={w.street}
        autoComplete="off"
        maxLength={80}
        autoFocus={report.settlement !== ''}
      />
      <TextField {...field('houseNumber')} label={w.houseNumber} autoComplete="off" dir="ltr" maxLength={10} />
    </FormPopup>
  );
}
