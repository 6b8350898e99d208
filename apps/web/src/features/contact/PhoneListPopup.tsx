import { normalisePhone } from '@app/contract/phones';
import { useState } from 'react';
import { setPhoneActivation } from '../../shared/api/index.ts';
import { heContact as t } from '../../shared/i18n/index.ts';
import { Popup } from '../../shared/popups/index.ts';
import { usePhones } from './phoneStore.ts';

/**
 * The customer's numbers (after-save-area.md §3 phone options; popup 320x545): choose one for the field, and
 * deactivate or activate a number in publishing (POST update-phone-activation; a failure is only logged, §8).
 */
export function PhoneListPopup(props: { chosen: string; onChoose: (text: string) => void; onClose: () => void }) {
  const { phones, refresh } = usePhones();
  const [busy, setBusy] = useState<string>();
  const chosen = normalisePhone(props.chosen);
  const toggle = async (value: string, deactivate: boolean) => {
    setBusy(value);
    if (!(await setPhoneActivation(value, deactivate))) console.warn('update-phone-activation failed');
    await refresh();
    setBusy(undefined);
  };
  return (
    <Popup kind="default" size={{ width: 320, height: 545 }} header={t.listTitle} onClose={props.onClose}>
      {phones.length === 0 ? (
        <p>{t.listEmpty}</p>
      ) : (
        <ul className="phone-list" data-testid="phone-list">
          {phones.map((p) => {
            const off = p.deactivatedInPublish === 1;
            return (
              <li key={p.value} className={`phone-list__item${off ? ' phone-list__item--off' : ''}`}>
                <bdi dir="ltr" className="phone-list__number">
                  {p.text}
                </bdi>
                {p.main === 1 && <span className="phone-list__tag">{t.listMain}</span>}
                {p.virtual_phone && (
                  <span className="phone-list__tag">
                    {t.listVirtual} <bdi dir="ltr">{p.virtual_phone}</bdi>
                  </span>
                )}
                <span className="phone-list__actions">
                  <button
                    type="button"
                    className="btn btn--secondary phone-list__choose"
                    disabled={off || chosen === p.value}
                    onClick={() => props.onChoose(p.text)}
                  >
                    {chosen === p.value ? t.listChosen : t.listChoose}
                  </button>
                  <button
                    type="button"
                    className="btn btn--link"
                    disabled={busy === p.value}
                    onClick={() => void toggle(p.value, !off)}
                    data-testid={`phone-toggle-${p.value}`}
                  >
                    {off ? t.listActivate : t.listDeactivate}
                  </button>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </Popup>
  );
}
