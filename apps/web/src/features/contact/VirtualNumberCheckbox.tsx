import { CONTACT_FIELDS } from '@app/catalog/categories/contact';
import { formatPhone } from '@app/contract/phones';
import { isChecked } from '@app/form-engine/values';
import { useState } from 'react';
import type { WidgetProps } from '../../shared/fields/index.ts';
import { CheckboxInput } from '../../shared/fields/index.ts';
import { heContact as t } from '../../shared/i18n/index.ts';
import { ConfirmPopup } from '../../shared/popups/index.ts';
import { phoneEntry, usePhones } from './phoneStore.ts';

/**
 * The virtual number checkbox (after-save-area.md §4): ticking sets virtual_num; unticking asks first; cancelling
 * sets virtual_num_canceled (the server re-enables the service 48 hours later), keeping re-ticks it.
 */
export function VirtualNumberCheckbox(props: WidgetProps) {
  const [asking, setAsking] = useState(false);
  const { env, onChange, field } = props;
  const checked = isChecked(field.def, field.value);
  const { phones } = usePhones();
  const primary = env.read(CONTACT_FIELDS.phone1);
  const entry = typeof primary === 'string' ? phoneEntry(phones, primary) : undefined;
  // The virtual number is allocated when the ad is saved (it costs money): shown here once the number has one.
  const shown = checked && entry?.virtual_phone ? formatPhone(entry.virtual_phone) : undefined;

  return (
    <>
      <CheckboxInput
        {...props}
        onChange={(value) => {
          if (value === '0') return setAsking(true);
          env.setValue?.(CONTACT_FIELDS.virtualCanceled, '0');
          onChange(value);
        }}
      />
      {shown && (
        <p className="field__note" role="status" data-testid="virtual-number">
          {t.virtualNumber} <bdi dir="ltr">{shown}</bdi>
        </p>
      )}
      {asking && (
        <ConfirmPopup
          header={t.virtualCancelTitle}
          text={t.virtualCancelText}
          size={{ width: 300, height: 122 }}
          onClose={() => setAsking(false)}
          className="confirm-popup"
          confirm={{ text: t.virtualKeep, onClick: () => setAsking(false), testId: 'virtual-keep' }}
          cancel={{
            text: t.virtualCancel,
            testId: 'virtual-cancel',
            onClick: () => {
              setAsking(false);
              env.setValue?.(CONTACT_FIELDS.virtualCanceled, '1');
              onChange('0');
            },
          }}
        />
      )}
    </>
  );
}
