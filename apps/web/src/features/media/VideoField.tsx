/**
 * The video field (spec §4 "Video (iframe loaded from an external upload host)"). The upload runs in
 * an iframe of our video host, another origin (apps/server/src/video): this field asks the API for a short-lived
 * token of the ad (the OrderID from env.media), frames the host's upload page with it, and listens for the page's
 * movie_upload_success / movie_upload_failed, accepting a message only when it comes from exactly the video
 * origin (GET /api/site-config) AND from that iframe's window. Success closes the field's tooltip and shows the
 * stored video with a remove button (delete-video, then the iframe again for another upload).
 */
import type { AdVideo, VideoUploadMessage } from '@app/contract/media';
import { useCallback, useEffect, useRef, useState } from 'react';
import { track } from '../../shared/analytics/index.ts';
import { deleteAdVideo, fetchAdVideo, fetchSiteConfig, requestVideoToken } from '../../shared/api/index.ts';
import type { WidgetProps } from '../../shared/fields/index.ts';
import { FieldLabel } from '../../shared/fields/index.ts';
import { heMedia } from '../../shared/i18n/index.ts';
import './video.css';

type View =
  | { kind: 'start' }
  | { kind: 'loading' }
  | { kind: 'visitor' }
  | { kind: 'unavailable' }
  | { kind: 'frame'; src: string; origin: string }
  | { kind: 'uploaded'; video: AdVideo | null };

/** A message of the upload page, or null for anything else. */
function uploadMessage(data: unknown): VideoUploadMessage | null {
  if (!data || typeof data !== 'object') return null;
  const type = (data as { type?: unknown }).type;
  return type === 'movie_upload_success' || type === 'movie_upload_failed' ? (data as VideoUploadMessage) : null;
}

export function VideoField({ field, ids, env }: WidgetProps) {
  const media = env.media;
  const [view, setView] = useState<View>(() => (media ? { kind: 'start' } : { kind: 'unavailable' }));
  const [tooltipOpen, setTooltipOpen] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const orderRef = useRef<number | null>(media?.orderId ?? null);

  /** A fresh token and the iframe (first upload, after a removal, after an expired page). */
  const openFrame = useCallback(async () => {
    if (!media) return;
    setError(undefined);
    setView({ kind: 'loading' });
    const orderId = orderRef.current ?? (await media.ensureOrderId());
    if (orderId === null) return setView({ kind: 'visitor' });
    orderRef.current = orderId;
    const [config, token] = await Promise.all([fetchSiteConfig(), requestVideoToken(orderId)]);
    const origin = config.videoOrigin;
    if (token.status === 422) return setView({ kind: 'visitor' });
    // The frame is shown only when the API's upload page is on the configured video origin.
    if (!token.ok || !token.data || !origin || token.data.videoOrigin !== origin) {
      setError(heMedia.video.unavailable);
      return setView({ kind: 'start' });
    }
    if (new URL(token.data.uploadUrl).origin !== origin) return setView({ kind: 'unavailable' });
    setView({ kind: 'frame', src: token.data.uploadUrl, origin });
  }, [media]);

  // An ad that already has its video shows it; otherwise the iframe opens at once when the ad is known.
  useEffect(() => {
    const orderId = media?.orderId;
    if (orderId === undefined) return;
    orderRef.current = orderId;
    const controller = new AbortController();
    void fetchAdVideo(orderId, controller.signal).then((res) => {
      if (controller.signal.aborted) return;
      if (res.ok && res.data?.video) {
        setStatus(heMedia.video.uploaded);
        setView({ kind: 'uploaded', video: res.data.video });
      } else void openFrame();
    });
    return () => controller.abort();
  }, [media?.orderId, openFrame]);

  const frameOrigin = view.kind === 'frame' ? view.origin : null;
  useEffect(() => {
    if (!frameOrigin) return;
    const onMessage = (event: MessageEvent) => {
      // Exactly the video origin, and exactly our iframe's window: any other page's message is ignored.
      if (event.origin !== frameOrigin) return;
      const frameWindow = frameRef.current?.contentWindow;
      if (!frameWindow || event.source !== frameWindow) return;
      const message = uploadMessage(event.data);
      if (!message) return;
      if (message.type === 'movie_upload_success') {
        track('video_upload_success', { mime: message.video?.mime ?? '', bytes: message.video?.bytes ?? 0 });
        setTooltipOpen(false);
        setError(undefined);
        setStatus(heMedia.video.uploaded);
        setView({ kind: 'uploaded', video: message.video ?? null });
      } else {
        const reason = typeof message.reason === 'string' && message.reason ? message.reason.slice(0, 300) : '';
        track('video_upload_failed', { reason: reason.slice(0, 200) });
        setStatus('');
        setError(reason || heMedia.video.failed);
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [frameOrigin]);

  const remove = async () => {
    const orderId = orderRef.current;
    if (orderId === null) return;
    setBusy(true);
    setError(undefined);
    setStatus(heMedia.video.removing);
    const res = await deleteAdVideo(orderId);
    setBusy(false);
    if (!res.ok) {
      setStatus('');
      setError(heMedia.video.removeFailed);
      return;
    }
    track('video_removed');
    setStatus(heMedia.video.removed);
    await openFrame();
  };

  return (
    <>
      <FieldLabel field={field} id={ids.label} tooltipOpen={tooltipOpen} onTooltipOpenChange={setTooltipOpen} />
      <div className="video-field">
        <p
          className={`video-field__status${view.kind === 'uploaded' ? ' video-field__status--done' : ''}`}
          role="status"
          aria-live="polite"
        >
          {status}
        </p>
        {view.kind === 'unavailable' && <p className="field__note">{heMedia.video.unavailable}</p>}
        {view.kind === 'visitor' && <p className="field__note field__note--info">{heMedia.video.visitor}</p>}
        {view.kind === 'start' && (
          <button type="button" className="btn btn--secondary field__button" onClick={() => void openFrame()}>
            {error ? heMedia.video.retry : heMedia.video.add}
          </button>
        )}
        {view.kind === 'loading' && <p className="field__note">{heMedia.video.loading}</p>}
        {view.kind === 'frame' && (
          <iframe
            ref={frameRef}
            src={view.src}
            title={heMedia.video.frameTitle}
            className="field__iframe video-field__frame"
            // Another origin: allow-same-origin keeps that origin (its tus calls and stored resume points);
            // it gives no access to ours.
            sandbox="allow-scripts allow-same-origin"
            referrerPolicy="no-referrer"
          />
        )}
        {view.kind === 'uploaded' && (
          <div className="video-field__done">
            <button type="button" className="btn btn--secondary" disabled={busy} onClick={() => void remove()}>
              {heMedia.video.remove}
            </button>
          </div>
        )}
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
      </div>
    </>
  );
}
