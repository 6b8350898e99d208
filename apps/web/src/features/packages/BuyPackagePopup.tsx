/**
 * The buy-package contact form (after-save-area.md §3 "Contact form (buy package)", §5; popup 600x780, desktop
 * width capped at 600): full name, phone, e-mail, each failing field 'שדה {label} אינו תקני' (the same rule as the
 * server's, packages/contract/src/buyPackageContact.ts). With an ad it is finish-publish's contact-form variant
 * and the answer's redirect is followed; without one it goes to POST /api/packages/lead and thanks in place.
 */
import { type BuyPackageContactField, checkBuyPackageContact } from '@app/contract/buyPackageContact';
import type { OrderTypeItem } from '@app/contract/orders';
import { finishWithPackageLead, sendPackageLead } from '../../shared/api/index.ts';
import { hePackages } from '../../shared/i18n/index.ts';
import { type FormSendOutcome, Popup, SendButton, useFormPopup } from '../../shared/popups/index.ts';
import { sameOriginPath, useNavigate } from '../../shared/routing/index.ts';
import { TextField } from '../../shared/ui/index.ts';

const t = hePackages.buyForm;

/** The ad the form is sent for (the page's OrderID query), if any. */
export interface AdContext {
  OrderID: string;
  CatID: string;
  SubCatID: string | null;
}

type Values = Record<BuyPackageContactField, string>;
const EMPTY: Values = { contactus_fullName: '', contactus_phone: '', contactus_email: '' };

export function BuyPackagePopup(props: { item: OrderTypeItem; ad: AdContext | null; onClose: () => void }) {
  const { item, ad, onClose } = props;
  const navigate = useNavigate();
  const send = async (typed: Values): Promise<FormSendOutcome> => {
    if (ad) {
      const res = await finishWithPackageLead({ ...ad, RecordID: ad.OrderID, pt_hash: item.hash, ...typed });
      const target = sameOriginPath(res.data?.redirect);
      if (res.ok && target) {
        onClose();
        navigate(target);
        return { kind: 'handled' };
      }
      return res.ok && res.data?.errors ? { kind: 'errors', errors: res.data.errors } : { kind: 'failed' };
    }
    const res = await sendPackageLead({ pt_hash: item.hash, ...typed });
    if (res.ok && res.data && 'sent' in res.data) return { kind: 'sent' };
    if (res.ok && res.data && 'errors' in res.data) return { kind: 'errors', errors: res.data.errors };
    return { kind: 'failed' };
  };
  // After a first try the messages follow the typing.
  const { errors, state, field, submit } = useFormPopup<Values>({
    initial: EMPTY,
    check: checkBuyPackageContact,
    send,
    recheck: true,
    formSelector: '.buy-package',
  });
  const failed = state === 'failed';

  if (state === 'thanks') {
    return (
      <Popup
        header={t.thanksTitle}
        size={{ width: 330, height: 350, mobile: { width: 341, height: 330 } }}
        onClose={onClose}
      >
        <div className="buy-package__thanks" data-testid="buy-package-thanks">
          <p>{t.thanksText}</p>
          <p>{hePackages.salesHours}</p>
          <button type="button" className="btn btn--primary btn--block" onClick={onClose}>
            {t.close}
          </button>
        </div>
      </Popup>
    );
  }

  const formError = errors.pt_hash;
  return (
    <Popup header={t.header} subheader={t.subheader(item.title)} size={{ width: 600, height: 780 }} onClose={onClose}>
      <form className="buy-package" noValidate onSubmit={submit}>
        <TextField {...field('contactus_fullName')} label={t.fullName} kind="name" required autoFocus />
        <TextField {...field('contactus_phone')} label={t.phone} kind="phone" required />
        <TextField {...field('contactus_email')} label={t.email} kind="email" required />
        <div aria-live="polite">
          {(failed || formError) && <p className="buy-package__error">{formError ?? t.failed}</p>}
        </div>
        <p className="buy-package__hours">{hePackages.salesHours}</p>
        <SendButton sending={state === 'sending'} label={t.submit} sendingLabel={t.sending} block />
      </form>
    </Popup>
  );
}
