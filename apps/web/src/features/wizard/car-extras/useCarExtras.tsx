/**
 * The car ad's extras in the wizard (publish-wizard.md §4 "Field behaviour"; after-save-area.md §2, §4): the
 * trade-in checkbox opens the lead popup (success locks it checked; cancel or close unchecks it), and a
 * "sub-model not found" link under the sub-model opens the missing sub-model report.
 */
import { CAT } from '@app/catalog/categories/ids';
import type { Selectors } from '@app/contract/publish';
import type { FieldValue } from '@app/form-engine/model';
import { checkboxStates, isChecked } from '@app/form-engine/values';
import { type ReactNode, useRef, useState } from 'react';
import { heReminders } from '../../../shared/i18n/index.ts';
import { fullName, useCustomer } from '../../../shared/session/index.ts';
import type { WizardCore } from '../useWizardCore.ts';
import { MissingSubModelPopup } from './MissingSubModelPopup.tsx';
import { TradeInPopup } from './TradeInPopup.tsx';
import './carExtras.css';

export const TRADE_IN_FIELD = 'tradeIn';
export const SUB_MODEL_FIELD = 'subModel';

const chosen = (v: FieldValue): string | undefined => (typeof v === 'string' && v !== '' && v !== '-1' ? v : undefined);

export function useCarExtras(core: WizardCore, selectors: Selectors, orderId: number | undefined) {
  const { customer } = useCustomer();
  const [tradeInOpen, setTradeInOpen] = useState(false);
  const [tradeInSent, setTradeInSent] = useState(false);
  const [subModelOpen, setSubModelOpen] = useState(false);
  const linkRef = useRef<HTMLButtonElement>(null);
  const { form } = core;
  const field = form.resolution.fields[TRADE_IN_FIELD];
  const read = (id: string) => chosen(core.baseEnv.read(id));
  const car = {
    ...(read('manufacturer') ? { manufacturer: read('manufacturer') } : {}),
    ...(read('model') ? { model: read('model') } : {}),
    ...(read('year') ? { year: read('year') } : {}),
  } as { manufacturer?: string; model?: string; year?: string };
  const order = orderId ? { OrderID: String(orderId) } : {};

  /** A change of the trade-in box: true when handled here (the wizard's change is not applied again). */
  const intercept = (id: string, value: FieldValue): boolean => {
    if (id !== TRADE_IN_FIELD || !field) return false;
    if (tradeInSent) return true;
    form.change(id, value);
    if (isChecked(field.def, value)) setTradeInOpen(true);
    return true;
  };

  const uncheck = () => {
    setTradeInOpen(false);
    if (field) form.assign({ [TRADE_IN_FIELD]: checkboxStates(field.def).unchecked });
  };

  const subModel = form.resolution.fields[SUB_MODEL_FIELD];
  const showLink = Number(selectors.cat) === CAT.vehicles && subModel?.visible === true && Boolean(read('year'));
  const subModelLink: ReactNode = showLink ? (
    <p className="car-extras__missing">
      <button
        ref={linkRef}
        type="button"
        className="btn btn--link"
        onClick={() => setSubModelOpen(true)}
        data-testid="missing-sub-model-link"
      >
        {heReminders.missingSubModel.link}
      </button>
    </p>
  ) : undefined;

  const popups = (
    <>
      {tradeInOpen && (
        <TradeInPopup
          initialName={fullName(customer)}
          extra={{ ...order, ...car }}
          onSent={() => {
            setTradeInSent(true);
            setTradeInOpen(false);
          }}
          onCancel={uncheck}
        />
      )}
      {subModelOpen && (
        <MissingSubModelPopup
          context={{
            ...order,
            CatID: String(selectors.cat ?? ''),
            SubCatID: String(selectors.subcat ?? ''),
            ...(car.manufacturer ? { missingManufacturerID: car.manufacturer } : {}),
            ...(car.model ? { missingModelID: car.model } : {}),
            ...(car.year ? { missingYearID: car.year } : {}),
          }}
          onClose={() => setSubModelOpen(false)}
        />
      )}
    </>
  );

  return {
    intercept,
    /** A field the user can no longer change, with the reason (the trade-in box after the lead was sent). */
    locked: (id: string) => (id === TRADE_IN_FIELD && tradeInSent ? heReminders.tradeIn.lockedNote : undefined),
    subModelLink,
    popups,
  };
}
