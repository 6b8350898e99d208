/**
 * One case of the moderation queue: why the ad is there, the ad as buyers will see it (photos, every field), its
 * advertiser's history and its earlier reviews; approve, or reject with a reason; or, when the ad is no longer on the
 * site (it ended or was deleted before anyone decided), close the case.
 */
import { useEffect, useState } from 'react';
import {
  approveReview,
  closeReviewCase,
  fetchReview,
  type HoldReason,
  type RejectTemplateItem,
  type ReviewDetail,
  rejectReview,
} from '../../shared/api/index.ts';
import { formatDateTime } from '../../shared/format/index.ts';
import { heOperator } from '../../shared/i18n/index.ts';
import { auditDetailText } from './AuditTable.tsx';
import { ErrorNote } from './parts.tsx';
import { RejectForm, rejectErrors } from './RejectForm.tsx';

const t = heOperator.moderation;

export function reasonText(reason: HoldReason): string {
  switch (reason.kind) {
    case 'words':
      return t.reasons.words(reason.words);
    case 'category':
      return t.reasons.category(heOperator.categories[reason.cat] ?? String(reason.cat));
    case 'newAccount':
      return t.reasons.newAccount(reason.days);
    case 'photoFromAnotherAccount':
      return t.reasons.photoFromAnotherAccount(reason.photos);
    case 'reported':
      return t.reasons.reported(t.reportReasons[reason.reason] ?? reason.reason, reason.count, reason.texts);
    default:
      return t.reasons[reason.kind];
  }
}

export function ReviewPanel(props: {
  reviewId: number;
  templates: readonly RejectTemplateItem[];
  rejecting: boolean;
  setRejecting: (open: boolean) => void;
  /** The case is closed (decided here, or by someone else): `message` says what happened. */
  onDecided: (reviewId: number, message: string) => void;
  /** The queue's A key approves through this panel (once its case has loaded). */
  registerApprove: (approve: () => void) => void;
}) {
  const { reviewId } = props;
  const [detail, setDetail] = useState<ReviewDetail | null>(null);
  const [failed, setFailed] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  useEffect(() => {
    let alive = true;
    setDetail(null);
    setFailed(undefined);
    setError(undefined);
    void fetchReview(reviewId).then((res) => {
      if (!alive) return;
      if (res.ok && res.data?.review) setDetail(res.data);
      // A link to a case that is not there (a wrong number) says so; anything else is a failure.
      else setFailed(res.status === 404 ? t.caseNotFound : heOperator.failed);
    });
    return () => {
      alive = false;
    };
  }, [reviewId]);

  const approve = async () => {
    if (busy) return;
    setBusy(true);
    const res = await approveReview(reviewId);
    setBusy(false);
    if (res.ok) props.onDecided(reviewId, t.approved(res.data?.orderId ?? 0));
    else if (res.status === 409) props.onDecided(reviewId, res.data?.message ?? heOperator.failed);
    else setError(res.data?.message ?? heOperator.failed);
  };

  const close = async () => {
    if (busy) return;
    setBusy(true);
    const res = await closeReviewCase(reviewId);
    setBusy(false);
    if (res.ok) props.onDecided(reviewId, t.caseClosed(res.data?.orderId ?? 0));
    else if (res.status === 409) props.onDecided(reviewId, res.data?.message ?? heOperator.failed);
    else setError(res.data?.message ?? heOperator.failed);
  };

  useEffect(() => {
    props.registerApprove(() => {
      if (detail && !detail.review.decision) void approve();
    });
  });

  if (failed) return <ErrorNote text={failed} />;
  if (!detail)
    return (
      <p role="status" className="moderation__loading">
        {t.loading}
      </p>
    );
  const { review, preview, history, ad } = detail;
  const previous = detail.reviews.filter((r) => r.id !== review.id && r.decision);
  // The ad is no longer as the case held it: ended (expired, or live past its end) or deleted; nothing to decide.
  const ended = ad.status === 'active' && ad.endsAt !== null && Date.parse(ad.endsAt) <= Date.now();
  const gone = ad.status !== review.heldAs || ended;
  return (
    <article
      className="moderation__case"
      aria-labelledby="case-title"
      data-testid="review-panel"
      data-review={review.id}
    >
      <h3 id="case-title" className="moderation__case-title">
        {preview.title}
      </h3>
      <p className="moderation__meta">
        {t.adNumber} <bdi>{ad.orderId}</bdi> · {heOperator.categories[ad.cat] ?? ad.cat} · {t.queuedAt}{' '}
        {formatDateTime(review.queuedAt)}
      </p>
      <section aria-labelledby="why-title" className="moderation__why">
        <h4 id="why-title">{t.why}</h4>
        <ul data-testid="review-reasons">
          {review.reasons.map((r) => (
            <li key={r.kind === 'reported' ? `reported-${r.reason}` : r.kind}>{reasonText(r)}</li>
          ))}
          <li>{t.stages[review.stage]}</li>
          {detail.wordsNow.length > 0 && !review.reasons.some((r) => r.kind === 'words') && (
            <li>{t.wordsNow(detail.wordsNow)}</li>
          )}
        </ul>
      </section>

      <ErrorNote text={error} />
      {review.decision ? (
        // A case decided already (opened by its link): what was decided, and nothing to press.
        <p className="moderation__decided" data-testid="review-decided">
          {t.decided(t.decisionsOf[review.decision] ?? '', formatDateTime(review.decidedAt ?? review.queuedAt))}
        </p>
      ) : gone ? (
        <div className="moderation__gone" data-testid="review-gone">
          <p>{t.adGone}</p>
          <div className="operator__actions moderation__decide">
            <button
              type="button"
              className="btn btn--primary"
              onClick={() => void close()}
              disabled={busy}
              aria-busy={busy || undefined}
            >
              {busy ? t.closing : t.closeCase}
            </button>
          </div>
        </div>
      ) : props.rejecting ? (
        <RejectForm
          templates={props.templates}
          confirmLabel={t.rejectConfirm}
          onCancel={() => props.setRejecting(false)}
          send={async (reason) => {
            const res = await rejectReview(reviewId, reason);
            if (res.ok || res.status === 409) {
              props.onDecided(reviewId, res.ok ? t.rejected(res.data?.orderId ?? 0) : (res.data?.message ?? ''));
              return undefined;
            }
            return rejectErrors(res);
          }}
        />
      ) : (
        <div className="operator__actions moderation__decide">
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => void approve()}
            disabled={busy}
            aria-busy={busy || undefined}
            aria-keyshortcuts="A"
          >
            {busy ? t.approving : t.approve}
          </button>
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => props.setRejecting(true)}
            aria-keyshortcuts="R"
          >
            {t.reject}
          </button>
        </div>
      )}

      <section aria-labelledby="preview-title" className="moderation__preview">
        <h4 id="preview-title">{t.preview}</h4>
        {preview.photos.length === 0 ? (
          <p>{t.noPhotos}</p>
        ) : (
          <ul className="moderation__photos">
            {preview.photos.map((p, i) => (
              <li key={p.url}>
                <a href={p.url} target="_blank" rel="noreferrer">
                  <img src={p.thumbnailUrl} alt={t.photo(i + 1, preview.photos.length)} loading="lazy" />
                </a>
              </li>
            ))}
          </ul>
        )}
        {preview.hasVideo && <p>{t.hasVideo}</p>}
        <dl className="moderation__fields">
          {preview.fields.map((f) => (
            <div key={f.label} className={f.long ? 'moderation__field moderation__field--long' : 'moderation__field'}>
              <dt>{f.label}</dt>
              <dd>{f.text}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="history-title" className="moderation__history">
        <h4 id="history-title">{t.history}</h4>
        {history.customer && (
          <p>
            <bdi dir="ltr">{history.customer.email}</bdi> · {history.customer.name} · {t.customerSince}{' '}
            {formatDateTime(history.customer.createdAt)}
            {history.customer.blockedAt && <strong> · {t.customerBlocked}</strong>}
          </p>
        )}
        <p>{t.decisions(history.approved, history.rejected)}</p>
        <p>
          {t.adsByStatus}:{' '}
          {Object.entries(history.adsByStatus)
            .map(([status, n]) => `${t.statuses[status] ?? status} ${n}`)
            .join(' · ')}
        </p>
        {history.recentAds.length > 0 && (
          <>
            <h5>{t.recentAds}</h5>
            <ul>
              {history.recentAds.map((a) => (
                <li key={a.orderId}>
                  <bdi>{a.orderId}</bdi> {a.title} ({t.statuses[a.status] ?? a.status})
                </li>
              ))}
            </ul>
          </>
        )}
        {detail.audit.length > 0 && (
          <>
            <h5>{t.adAudit}</h5>
            <ul data-testid="ad-audit">
              {detail.audit.map((a, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list in the server's order
                <li key={i}>
                  {formatDateTime(a.at)}: {heOperator.actions[a.action] ?? a.action} · <bdi>{a.staffEmail ?? '—'}</bdi>
                  {auditDetailText(a.detail) ? ` · ${auditDetailText(a.detail)}` : ''}
                </li>
              ))}
            </ul>
          </>
        )}
        {previous.length > 0 && (
          <>
            <h5>{t.previousReviews}</h5>
            <ul>
              {previous.map((r) => (
                <li key={r.id}>
                  {formatDateTime(r.decidedAt ?? r.queuedAt)}: {t.decisionsOf[r.decision ?? ''] ?? ''}
                  {r.rejectText ? ` (${r.rejectText})` : ''}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </article>
  );
}
