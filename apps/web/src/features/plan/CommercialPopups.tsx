/**
 * The commercial chain (after-save-area.md §4 "Payment (commercial)", §5, §7): the commercial agreement (its
 * 'read' button enabled only once the acceptance box is ticked), the invoice details, the choice of payment method
 * (card: the plan step's card popup with the track's hash; phone: the phone-payment form), and the phone-payment
 * thank-you that cannot be closed and leads to the finish area. Field errors come from the server, per field.
 */
import type { OrderTypeItem } from '@app/contract/orders';
import type { FieldErrorLists } from '@app/contract/planExtras';
import { type ReactNode, useEffect, useId, useState } from 'react';
import {
  fetchAgreement,
  type StoreOutcome,
  storeInvoiceDetails,
  storePhonePaymentDetails,
} from '../../shared/api/index.ts';
import { hePlan } from '../../shared/i18n/index.ts';
import { type FormSendOutcome, Popup, useFormPopup } from '../../shared/popups/index.ts';
import { TextField } from '../../shared/ui/index.ts';
import { type AgreementNode, agreementTree, fieldMessages, otherMessages } from './sideFlows.ts';

export interface CommercialIds {
  OrderID: number;
  RecordID: number;
  CatID: number;
  SubCatID: number | null;
}

type Stage = 'agreement' | 'invoice' | 'method' | 'phone' | 'phoneThanks';

export interface CommercialFlowProps {
  track: OrderTypeItem;
  ids: CommercialIds;
  /** The card page is being opened; its failure message. */
  starting: boolean;
  error?: string | undefined;
  /** Card chosen: the plan step opens its card popup for the track. */
  onCard: () => void;
  /** Closed before the end: back to the tracks. */
  onClose: () => void;
  /** The phone-payment thank-you's button: the finish area. */
  onFinish: () => void;
}

export function CommercialFlow({ track, ids, starting, error, onCard, onClose, onFinish }: CommercialFlowProps) {
  const [stage, setStage] = useState<Stage>('agreement');
  switch (stage) {
    case 'agreement':
      return <AgreementPopup onRead={() => setStage('invoice')} onClose={onClose} />;
    case 'invoice':
      return <InvoicePopup track={track} ids={ids} onStored={() => setStage('method')} onClose={onClose} />;
    case 'method':
      return (
        <MethodPopup
          starting={starting}
          error={error}
          onCard={onCard}
          onPhone={() => setStage('phone')}
          onClose={onClose}
        />
      );
    case 'phone':
      return <PhonePaymentPopup track={track} ids={ids} onStored={() => setStage('phoneThanks')} onClose={onClose} />;
    case 'phoneThanks':
      return <PhoneThanksPopup onFinish={onFinish} />;
  }
}

// ---- Agreement ----

const BLOCK_TAGS = { section: 'section', h2: 'h3', h3: 'h4', h4: 'h5', p: 'p', ol: 'ol', ul: 'ul', li: 'li' } as const;
const INLINE_TAGS = { strong: 'strong', b: 'strong', em: 'em', i: 'em' } as const;

/** The agreement tree as React elements: only known elements, all text escaped by React. */
function renderNodes(nodes: AgreementNode[], path = ''): ReactNode[] {
  return nodes.map((node, index) => {
    const key = `${path}${index}`;
    if (typeof node === 'string') return node;
    const Tag =
      node.tag in BLOCK_TAGS
        ? BLOCK_TAGS[node.tag as keyof typeof BLOCK_TAGS]
        : INLINE_TAGS[node.tag as keyof typeof INLINE_TAGS];
    return <Tag key={key}>{renderNodes(node.children, `${key}.`)}</Tag>;
  });
}

function AgreementPopup({ onRead, onClose }: { onRead: () => void; onClose: () => void }) {
  const t = hePlan.agreement;
  const [tree, setTree] = useState<AgreementNode[] | null | 'failed'>(null);
  const [attempt, setAttempt] = useState(0);
  const [accepted, setAccepted] = useState(false);
  const hintId = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: fetched again on a retry
  useEffect(() => {
    const controller = new AbortController();
    setTree(null);
    void fetchAgreement(controller.signal).then((html) => {
      if (controller.signal.aborted) return;
      // A failure of the agreement is only shown here (spec §8: logged only); a retry is offered.
      setTree(html === null ? 'failed' : agreementTree(html));
    });
    return () => controller.abort();
  }, [attempt]);

  return (
    <Popup header={t.header} size={{ width: 600 }} onClose={onClose} className="commercial-popup">
      {tree === null && (
        <p role="status" className="plan__status">
          {t.loading}
        </p>
      )}
      {tree === 'failed' && (
        <div role="alert">
          <p>{t.loadFailed}</p>
          <button type="button" className="btn btn--secondary" onClick={() => setAttempt((n) => n + 1)}>
            {t.retry}
          </button>
        </div>
      )}
      {Array.isArray(tree) && (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling text region must be reachable by keyboard
        <section className="agreement__text" data-testid="agreement-text" tabIndex={0} aria-label={t.textLabel}>
          {renderNodes(tree)}
        </section>
      )}
      <label className="agreement__accept">
        <input
          type="checkbox"
          checked={accepted}
          disabled={!Array.isArray(tree)}
          onChange={(event) => setAccepted(event.target.checked)}
        />
        {t.accept}
      </label>
      {!accepted && (
        <p id={hintId} className="offer-popup__note">
          {t.acceptFirst}
        </p>
      )}
      <div className="offer-popup__actions">
        <button
          type="button"
          className="btn btn--primary"
          disabled={!accepted}
          aria-describedby={accepted ? undefined : hintId}
          data-testid="agreement-read"
          onClick={onRead}
        >
          {t.read}
        </button>
      </div>
    </Popup>
  );
}

// ---- Forms ----

function useServerErrors(fields: readonly string[]) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [other, setOther] = useState<string[]>([]);
  return {
    errors,
    other,
    clear: () => {
      setErrors({});
      setOther([]);
    },
    show: (lists: FieldErrorLists) => {
      const shown = fieldMessages(lists, fields);
      setErrors(shown);
      setOther(otherMessages(lists, fields));
      const first = fields.find((f) => shown[f]);
      if (first) document.querySelector<HTMLInputElement>(`.commercial-form input[name="${first}"]`)?.focus();
    },
  };
}

/** A details form's answer: stored (the popup moves on), the server's messages shown by field, or a failure. */
function settled(
  outcome: StoreOutcome,
  server: ReturnType<typeof useServerErrors>,
  onStored: () => void,
): FormSendOutcome {
  if (outcome.kind === 'ok') {
    onStored();
    return { kind: 'handled' };
  }
  if (outcome.kind === 'invalid') {
    server.show(outcome.errors);
    return { kind: 'handled' };
  }
  server.clear();
  return { kind: 'failed' };
}

const INVOICE_FIELDS = ['businessName', 'authorizedDealer', 'invoiceEmail'] as const;

function InvoicePopup(props: { track: OrderTypeItem; ids: CommercialIds; onStored: () => void; onClose: () => void }) {
  const t = hePlan.invoice;
  const server = useServerErrors(INVOICE_FIELDS);
  const { values, state, set, submit } = useFormPopup({
    initial: { businessName: '', authorizedDealer: '', invoiceEmail: '' },
    send: async (typed) =>
      settled(
        await storeInvoiceDetails({ ...typed, ...props.ids, pt_hash: props.track.hash, paymentmethod: 2 }),
        server,
        props.onStored,
      ),
  });
  const sending = state === 'sending';

  return (
    <Popup header={t.header} size={{ width: 480 }} onClose={props.onClose} className="commercial-popup">
      <form className="commercial-form" noValidate onSubmit={submit} data-testid="invoice-form">
        <p>{t.text}</p>
        <TextField
          name="businessName"
          label={t.businessName}
          value={values.businessName}
          onChange={set('businessName')}
          autoComplete="organization"
          maxLength={100}
          error={server.errors.businessName}
          required
          autoFocus
        />
        <TextField
          name="authorizedDealer"
          label={t.authorizedDealer}
          value={values.authorizedDealer}
          onChange={set('authorizedDealer')}
          autoComplete="off"
          inputMode="numeric"
          dir="ltr"
          maxLength={12}
          error={server.errors.authorizedDealer}
          required
        />
        <TextField
          name="invoiceEmail"
          label={t.invoiceEmail}
          type="email"
          value={values.invoiceEmail}
          onChange={set('invoiceEmail')}
          autoComplete="email"
          dir="ltr"
          maxLength={254}
          error={server.errors.invoiceEmail}
          required
        />
        <FormProblems failed={state === 'failed'} failedText={t.failed} other={server.other} />
        <button
          type="submit"
          className="btn btn--primary btn--block"
          disabled={sending}
          aria-busy={sending || undefined}
        >
          {sending ? t.sending : t.submit}
        </button>
      </form>
    </Popup>
  );
}

function FormProblems(props: { failed: boolean; failedText: string; other: string[] }) {
  return (
    <div aria-live="polite">
      {props.failed && <p className="plan__error">{props.failedText}</p>}
      {props.other.map((message) => (
        <p key={message} className="plan__error">
          {message}
        </p>
      ))}
    </div>
  );
}

function MethodPopup(props: {
  starting: boolean;
  error?: string | undefined;
  onCard: () => void;
  onPhone: () => void;
  onClose: () => void;
}) {
  const t = hePlan.paymentMethod;
  const noteId = useId();
  return (
    <Popup header={t.header} size={{ width: 420 }} onClose={props.onClose} className="payment-type">
      <div className="payment-type__choices">
        <button
          type="button"
          className="btn btn--secondary payment-type__choice"
          data-testid="pay-card"
          disabled={props.starting}
          aria-busy={props.starting || undefined}
          onClick={props.onCard}
        >
          {t.card}
        </button>
        <button
          type="button"
          className="btn btn--secondary payment-type__choice"
          data-testid="pay-phone"
          disabled={props.starting}
          aria-describedby={noteId}
          onClick={props.onPhone}
        >
          {t.phone}
        </button>
      </div>
      <p id={noteId} className="offer-popup__note">
        {t.phoneNote}
      </p>
      {props.starting && (
        <p className="payment-type__status" role="status">
          {hePlan.paymentType.opening}
        </p>
      )}
      {props.error && (
        <p className="plan__error" role="alert">
          {props.error}
        </p>
      )}
    </Popup>
  );
}

const PHONE_FIELDS = ['fullPhone1', 'fullPhone2'] as const;

function PhonePaymentPopup(props: {
  track: OrderTypeItem;
  ids: CommercialIds;
  onStored: () => void;
  onClose: () => void;
}) {
  const t = hePlan.phonePayment;
  const server = useServerErrors(PHONE_FIELDS);
  const { OrderID, CatID, SubCatID } = props.ids;
  const { values, state, set, submit } = useFormPopup({
    initial: { fullPhone1: '', fullPhone2: '' },
    send: async (typed) =>
      settled(
        await storePhonePaymentDetails({
          fullPhone1: typed.fullPhone1,
          ...(typed.fullPhone2.trim() ? { fullPhone2: typed.fullPhone2 } : {}),
          OrderID,
          CatID,
          SubCatID,
          pt_hash: props.track.hash,
        }),
        server,
        props.onStored,
      ),
  });
  const sending = state === 'sending';

  return (
    <Popup header={t.header} size={{ width: 480 }} onClose={props.onClose} className="commercial-popup">
      <form className="commercial-form" noValidate onSubmit={submit} data-testid="phone-payment-form">
        <p>{t.text}</p>
        <TextField
          name="fullPhone1"
          label={t.fullPhone1}
          value={values.fullPhone1}
          onChange={set('fullPhone1')}
          autoComplete="tel"
          inputMode="tel"
          dir="ltr"
          maxLength={20}
          error={server.errors.fullPhone1}
          required
          autoFocus
        />
        <TextField
          name="fullPhone2"
          label={t.fullPhone2}
          value={values.fullPhone2}
          onChange={set('fullPhone2')}
          autoComplete="off"
          inputMode="tel"
          dir="ltr"
          maxLength={20}
          error={server.errors.fullPhone2}
        />
        <FormProblems failed={state === 'failed'} failedText={t.failed} other={server.other} />
        <button
          type="submit"
          className="btn btn--primary btn--block"
          disabled={sending}
          aria-busy={sending || undefined}
        >
          {sending ? t.sending : t.submit}
        </button>
      </form>
    </Popup>
  );
}

/** Cannot be closed (overlay, Esc, close button); its button goes to the finish area. Browser back does too. */
function PhoneThanksPopup({ onFinish }: { onFinish: () => void }) {
  const t = hePlan.phoneThanks;
  return (
    <Popup
      header={t.header}
      size={{ width: 330, height: 350, mobile: { width: 341, height: 330 } }}
      onClose={onFinish}
      disableClose
      className="commercial-popup"
    >
      <div className="broker-lead__thanks" data-testid="phone-payment-thanks">
        <p>{t.text}</p>
        <button type="button" className="btn btn--primary btn--block" data-autofocus onClick={onFinish}>
          {t.toFinish}
        </button>
      </div>
    </Popup>
  );
}
