import type { MissingSubModelRequest } from '@app/contract/carExtras';
import { reportMissingSubModel } from '../../../shared/api/index.ts';
import { heReminders } from '../../../shared/i18n/index.ts';
import { FormPopup, useFormPopup } from '../../../shared/popups/index.ts';
import { SelectField, TextField } from '../../../shared/ui/index.ts';
import '../../../shared/popups/confirmPopup.css';

const w = heReminders.missingSubModel;
/** after-save-area.md §9: missing sub-model popup 330x380; the thank-you 330x350 (341x330 on mobile). */
const FORM_SIZE = { width: 330, height: 380 };
const THANKS_SIZE = { width: 330, mobile: { width: 341 } };
const GEAR_BOXES = ['אוטומטי', 'ידני', 'רובוטי'] as const;

export interface MissingSubModelPopupProps {
  /** The car chosen so far and the wizard's ad: the report's missing-* ids. */
  context: Omit<MissingSubModelRequest, 'missingSubModel'>;
  onClose: () => void;
}

/**
 * The missing sub-model report (after-save-area.md §2, §5, §7, §8): the sub-model as the user knows it (required;
 * the button is disabled while it is empty), optionally the gear box and the engine size; sent to
 * stinker?action=missingSubModel and kept for review; the thank-you heading is "באסה, לפעמים גם לנו יש פנצ'ר".
 */
export function MissingSubModelPopup({ context, onClose }: MissingSubModelPopupProps) {
  const form = useFormPopup({
    initial: { missingSubModel: '', missingGearBox: '', missingEngineSize: '' },
    // The button is disabled while the sub-model is empty; a submit by Enter sends nothing either.
    check: ({ missingSubModel }) => (missingSubModel.trim() === '' ? { missingSubModel: '' } : {}),
    send: ({ missingSubModel, missingGearBox: gearBox, missingEngineSize: engineSize }) =>
      reportMissingSubModel({
        ...context,
        missingSubModel: missingSubModel.trim(),
        ...(gearBox ? { missingGearBox: gearBox } : {}),
        ...(engineSize ? { missingEngineSize: engineSize, engineSize } : {}),
      }),
  });
  const { set, field } = form;
  const { missingSubModel: subModel, missingGearBox: gearBox, missingEngineSize: engineSize } = form.values;

  return (
    <FormPopup
      form={form}
      texts={w}
      size={FORM_SIZE}
      thanksSize={THANKS_SIZE}
      fieldId="subModel"
      testId="missing-sub-model"
      onCancel={onClose}
      onDone={onClose}
      sendDisabled={subModel.trim() === ''}
    >
      <TextField
        {...field('missingSubModel')}
        label={w.subModel}
        autoComplete="off"
        maxLength={100}
        required
        autoFocus
      />
      <SelectField
        label={w.gearBox}
        value={gearBox}
        onChange={set('missingGearBox')}
        options={[{ value: '', text: w.notChosen }, ...GEAR_BOXES.map((g) => ({ value: g, text: g }))]}
      />
      <TextField
        name="missingEngineSize"
        label={w.engineSize}
        value={engineSize}
        onChange={(value) => set('missingEngineSize')(value.replace(/\D/g, '').slice(0, 5))}
        autoComplete="off"
        inputMode="numeric"
        dir="ltr"
        maxLength={5}
      />
    </FormPopup>
  );
}
