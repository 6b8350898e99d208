import { VIDEO_MIME_TYPES, VIDEO_UPLOAD_MAX_BYTES } from '@app/contract/media';
import { he } from '../i18n/messages.ts';
import { escapeHtml, hebrewPage } from '../platform/http/second-origin.ts';
import type { VideoTokenPayload } from './token.ts';

export type UploadPageState =
  | { state: 'ready'; token: string; payload: VideoTokenPayload }
  | { state: 'expired'; payload: VideoTokenPayload }
  | { state: 'invalid' };

/** JSON inside <script type="application/json">: no `<` can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The upload page the app frames (plain HTML, no framework, Hebrew RTL). Its settings travel in a JSON data
 * block (the CSP allows no inline script): the token, the OrderID and the parent origin, all from the verified
 * token; the page's script posts its messages to that origin only.
 */
export function uploadPage(input: UploadPageState): string {
  const t = he.videoPage;
  const settings =
    input.state === 'invalid'
      ? null
      : {
          state: input.state,
          token: input.state === 'ready' ? input.token : '',
          orderId: input.payload.orderId,
          parentOrigin: input.payload.parentOrigin,
          maxBytes: VIDEO_UPLOAD_MAX_BYTES,
          accept: VIDEO_MIME_TYPES,
          texts: {
            ...t,
            tooLarge: he.videoTooLarge,
            type: he.videoType,
            expired: he.videoTokenInvalid,
            failed: he.videoFailed,
            notFound: he.adNotFound,
          },
        };
  const body =
    input.state === 'ready'
      ? `<main class="video-upload">
  <h1 class="video-upload__title">${escapeHtml(t.title)}</h1>
  <input id="video-file" class="video-upload__input" type="file" accept="${VIDEO_MIME_TYPES.join(',')}" aria-describedby="video-hint video-status video-error">
  <label class="video-upload__choose" for="video-file">${escapeHtml(t.choose)}</label>
  <p id="video-hint" class="video-upload__hint">${escapeHtml(t.hint)}</p>
  <div class="video-upload__progress" id="video-progress-row" hidden>
    <progress id="video-progress" max="100" value="0" aria-label="${escapeHtml(t.progressLabel)}"></progress>
  </div>
  <p id="video-status" class="video-upload__status" role="status" aria-live="polite"></p>
  <p id="video-error" class="video-upload__error" role="alert"></p>
</main>`
      : `<main class="video-upload"><h1 class="video-upload__title">${escapeHtml(t.title)}</h1><p class="video-upload__error" role="alert">${escapeHtml(he.videoTokenInvalid)}</p></main>`;
  const scripts = settings
    ? `<script type="application/json" id="video-settings">${scriptJson(settings)}</script>
<script src="/video/assets/tus.min.js"></script>
<script src="/video/assets/upload.js"></script>`
    : '';
  return hebrewPage({
    title: t.title,
    head: '<link rel="stylesheet" href="/video/assets/upload.css">',
    body: `${body}\n${scripts}`,
  });
}
