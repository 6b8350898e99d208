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
import { type FormSendOutcome, Popup, useFormPopup } from '../../shared/popups/index.ts';
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
  const { values, errors, state, set, submit } = useFormPopup<Values>({
    initial: EMPTY,
    check: checkBuyPackageContact,
    send,
    recheck: true,
    formSelector: '.buy-package',
  });
  const sending = state === 'sending';
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
        <TextField
          name="contactus_fullName"
          label={t.fullName}
          value={values.contactus_fullName}
          onChange={set('contactus_fullName')}
          autoComplete="name"
          maxLength={100}
          error={errors.contactus_fullName}
          required
          autoFocus
        />
        <TextField
          name="contactus_phone"
          label={t.phone}
          value={values.contactus_phone}
          onChange={set('contactus_phone')}
          autoComplete="tel"
          inputMode="tel"
          dir="ltr"
          maxLength={20}
          error={errors.contactus_phone}
          required
        />
        <TextField
          name="contactus_email"
          label={t.email}
          type="email"
          value={values.contactus_email}
          onChange={set('contactus_email')}
          autoComplete="email"
          dir="ltr"
          maxLength={254}
          error={errors.contactus_email}
          required
        />
        <div aria-live="polite">
          {(failed || formError) && <p className="buy-package__error">{formError ?? t.failed}</p>}
        </div>
        <p className="buy-package__hours">{hePackages.salesHours}</p>
        <button type="submit" className="btn btn--primary btn--block" disabled={sending}>
          {sending ? t.sending : t.submit}
        </button>
      </form>
    </Popup>
  );
}
