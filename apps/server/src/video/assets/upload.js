/*
 * The video upload page's script (served by the video host; no framework). It uploads the chosen file with the
 * tus protocol (tus-js-client, loaded before this file as window.tus), so a dropped connection resumes from the
 * server's offset instead of starting over, and tells the parent page the outcome with postMessage, addressed to
 * the parent origin that the server took from the verified token.
 */
(() => {
  const settingsEl = document.getElementById('video-settings');
  if (!settingsEl) return;
  const settings = JSON.parse(settingsEl.textContent || '{}');
  const t = settings.texts;
  const post = (message) => window.parent.postMessage(message, settings.parentOrigin);
  const failed = (reason) => post({ type: 'movie_upload_failed', orderId: settings.orderId, reason });

  if (settings.state !== 'ready') {
    failed(t.expired);
    return;
  }

  const input = document.getElementById('video-file');
  const row = document.getElementById('video-progress-row');
  const progress = document.getElementById('video-progress');
  const status = document.getElementById('video-status');
  const error = document.getElementById('video-error');
  let current = null;
  let announced = -1;

  const reasonFor = (err) => {
    const res = err?.originalResponse;
    const code = res ? res.getStatus() : 0;
    if (code === 413) return t.tooLarge;
    if (code === 415) return t.type;
    if (code === 401) return t.expired;
    if (code === 404) return t.notFound;
    // The limits on unfinished uploads (429) and the disk's floor (507): the server's Hebrew reason, as text.
    if (code === 429 || code === 507) return res.getBody() || t.failed;
    return t.failed;
  };

  const fail = (reason) => {
    row.hidden = true;
    status.textContent = '';
    error.textContent = reason;
    input.disabled = false;
    input.value = '';
    current = null;
    failed(reason);
  };

  const start = (file) => {
    error.textContent = '';
    if (file.size > settings.maxBytes) return fail(t.tooLarge);
    if (file.type && !settings.accept.includes(file.type)) return fail(t.type);
    input.disabled = true;
    row.hidden = false;
    progress.value = 0;
    announced = -1;
    status.textContent = t.starting;
    const upload = new window.tus.Upload(file, {
      endpoint: '/video/files',
      headers: { 'x-video-token': settings.token },
      metadata: { filetype: file.type || 'application/octet-stream' },
      // Bounded requests: a drop loses at most one chunk, and the server's offset is where it goes on.
      chunkSize: 5 * 1024 * 1024,
      retryDelays: [0, 1000, 3000, 5000, 10000, 20000, 30000, 60000],
      // Network failures are retried even while the browser says it is offline (a phone between cells).
      onShouldRetry: (err) => {
        const res = err.originalResponse;
        const code = res ? res.getStatus() : 0;
        if (code === 0 || code === 409 || code === 423 || (code >= 500 && code !== 507)) {
          status.textContent = t.retrying;
          return true;
        }
        return false;
      },
      // The same file for the same ad resumes where an earlier attempt (or page) stopped.
      fingerprint: (f) =>
        Promise.resolve(['video', settings.orderId, f.name, f.type, f.size, f.lastModified].join('-')),
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onProgress: (sent, total) => {
        const percent = total ? Math.floor((sent / total) * 100) : 0;
        progress.value = percent;
        // Screen readers hear every tenth percent, not every chunk.
        const step = Math.floor(percent / 10) * 10;
        if (step !== announced) {
          announced = step;
          status.textContent = t.progress.replace('{n}', String(step));
        }
      },
      onError: (err) => fail(reasonFor(err)),
      onSuccess: ({ lastResponse }) => {
        let video = null;
        try {
          video = JSON.parse(lastResponse.getBody()).video;
        } catch {
          video = null;
        }
        progress.value = 100;
        status.textContent = t.done;
        input.disabled = false;
        input.value = '';
        current = null;
        post({ type: 'movie_upload_success', orderId: settings.orderId, video });
      },
    });
    current = upload;
    upload
      .findPreviousUploads()
      .then((previous) => {
        if (previous.length > 0) upload.resumeFromPreviousUpload(previous[0]);
        upload.start();
      })
      .catch(() => upload.start());
  };

  input.addEventListener('change', () => {
    const file = input.files?.[0];
    if (file && !current) start(file);
  });
})();
