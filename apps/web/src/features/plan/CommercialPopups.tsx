/**
 * The commercial chain (after-save-area.md §4 "Payment (commercial)", §5, §7): the commercial agreement (its
 * 'read' button enabled only once the acceptance box is ticked), the invoice details, the choice of payment method
 * (card: the plan step's card popup with the track's hash; phone: the phone-payment form), and the phone-payment
 * thank-you that cannot be closed and leads to the finish area. Field errors come from the server, per field.
 */
import type { OrderTypeItem } from '@app/contract/orders';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import {
  fetchAgreement,
  type StoreOutcome,
  storeInvoiceDetails,
  storePhonePaymentDetails,
} from '../../shared/api/index.ts';
import { hePlan } from '../../shared/i18n/index.ts';
import { type FormSendOutcome, Popup, SendButton, useFormPopup } from '../../shared/popups/index.ts';
import { TextField } from '../../shared/ui/index.ts';
import { OpeningStatus } from './PlanPopups.tsx';
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

/**
 * A details form (invoice, phone payment): its values, and the store's answer: stored (the popup moves on), the
 * server's messages by field and those of no field (`other`), or a failure.
 */
function useDetailsForm<V extends { [K in keyof V]: string }>(
  initial: V,
  fields: readonly string[],
  store: (typed: V) => Promise<StoreOutcome>,
  onStored: () => void,
) {
  const [other, setOther] = useState<string[]>([]);
  const form = useFormPopup({
    initial,
    formSelector: '.commercial-form',
    send: async (typed): Promise<FormSendOutcome> => {
      const outcome = await store(typed);
      setOther(outcome.kind === 'invalid' ? otherMessages(outcome.errors, fields) : []);
      if (outcome.kind === 'ok') {
        onStored();
        return { kind: 'handled' };
      }
      if (outcome.kind === 'invalid') return { kind: 'errors', errors: fieldMessages(outcome.errors, fields) };
      return { kind: 'failed' };
    },
  });
  return { form, other };
}

/** A details form's popup: its intro, the fields, what went wrong, the send button. */
function DetailsPopup(props: {
  texts: { header: string; text: string; failed: string; submit: string; sending: string };
  testId: string;
  form: { state: string; submit: (event: FormEvent) => void };
  other: string[];
  onClose: () => void;
  children: ReactNode;
}) {
  const { texts: t, form } = props;
  return (
    <Popup header={t.header} size={{ width: 480 }} onClose={props.onClose} className="commercial-popup">
      <form className="commercial-form" noValidate onSubmit={form.submit} data-testid={props.testId}>
        <p>{t.text}</p>
        {props.children}
        <FormProblems failed={form.state === 'failed'} failedText={t.failed} other={props.other} />
        <SendButton sending={form.state === 'sending'} label={t.submit} sendingLabel={t.sending} block />
      </form>
    </Popup>
  );
}

const INVOICE_FIELDS = ['businessName', 'authorizedDealer', 'invoiceEmail'] as const;

function InvoicePopup(props: { track: OrderTypeItem; ids: CommercialIds; onStored: () => void; onClose: () => void }) {
  const t = hePlan.invoice;
  const { form, other } = useDetailsForm(
    { businessName: '', authorizedDealer: '', invoiceEmail: '' },
    INVOICE_FIELDS,
    (typed) => storeInvoiceDetails({ ...typed, ...props.ids, pt_hash: props.track.hash, paymentmethod: 2 }),
    props.onStored,
  );
  const { field } = form;

  return (
    <DetailsPopup texts={t} testId="invoice-form" form={form} other={other} onClose={props.onClose}>
      <TextField
        {...field('businessName')}
        label={t.businessName}
        autoComplete="organization"
        maxLength={100}
        required
        autoFocus
      />
      <TextField
        {...field('authorizedDealer')}
        label={t.authorizedDealer}
        autoComplete="off"
        inputMode="numeric"
        dir="ltr"
        maxLength={12}
        required
      />
      <TextField {...field('invoiceEmail')} label={t.invoiceEmail} kind="email" required />
    </DetailsPopup>
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
      <OpeningStatus starting={props.starting} error={props.error} />
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
  const { OrderID, CatID, SubCatID } = props.ids;
  const { form, other } = useDetailsForm(
    { fullPhone1: '', fullPhone2: '' },
    PHONE_FIELDS,
    (typed) =>
      storePhonePaymentDetails({
        fullPhone1: typed.fullPhone1,
        ...(typed.fullPhone2.trim() ? { fullPhone2: typed.fullPhone2 } : {}),
        OrderID,
        CatID,
        SubCatID,
        pt_hash: props.track.hash,
      }),
    props.onStored,
  );
  const { field } = form;

  return (
    <DetailsPopup texts={t} testId="phone-payment-form" form={form} other={other} onClose={props.onClose}>
      <TextField {...field('fullPhone1')} label={t.fullPhone1} kind="phone" required autoFocus />
      <TextField {...field('fullPhone2')} label={t.fullPhone2} autoComplete="off" kind="phone" />
    </DetailsPopup>
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
