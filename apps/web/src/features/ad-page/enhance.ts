/**
 * The script of the ad's page (the server's HTML, apps/server/src/listing/ad-page.ts): it adds to a page that reads
 * whole without it. The gallery's arrows, keys and counter (the swipe is the list's own scroll snap), the phone's
 * reveal (a POST: the number is never in the HTML), the share (the Web Share API where the browser has it, else
 * copying the link; the WhatsApp link is always there; each use told to the server, which counts it in the
 * advertiser's numbers) and the report form.
 */
import type { AD_REPORT_REASONS } from '@app/contract/schemas/adPage';
import { postJson } from '../../shared/api/index.ts';
import { heAdPage as he } from '../../shared/i18n/index.ts';

type Refusal = { status: number; message?: string };

const show = (el: Element | null) => el?.removeAttribute('hidden');
const hide = (el: Element | null) => el?.setAttribute('hidden', '');

/** The gallery: which photo is in view, the arrows and the keys (right to left: ArrowLeft is the next photo). */
export function enhanceGallery(root: ParentNode): void {
  const gallery = root.querySelector<HTMLElement>('[data-gallery]');
  const list = gallery?.querySelector<HTMLElement>('.ad-page__photos');
  if (!gallery || !list) return;
  const items = [...list.querySelectorAll<HTMLElement>('.ad-page__photo')];
  const at = gallery.querySelector('[data-gallery-at]');
  const prev = gallery.querySelector<HTMLButtonElement>('[data-gallery-prev]');
  const next = gallery.querySelector<HTMLButtonElement>('[data-gallery-next]');
  let current = 0;
  const mark = (index: number) => {
    current = index;
    if (at) at.textContent = String(index + 1);
    if (prev) prev.disabled = index === 0;
    if (next) next.disabled = index === items.length - 1;
  };
  const go = (index: number) => {
    const target = items[Math.max(0, Math.min(items.length - 1, index))];
    if (!target) return;
    list.scrollTo({ left: target.offsetLeft - list.offsetLeft, behavior: 'smooth' });
    mark(items.indexOf(target));
  };
  if (items.length > 1) {
    show(prev);
    show(next);
    prev?.addEventListener('click', () => go(current - 1));
    next?.addEventListener('click', () => go(current + 1));
  }
  mark(0);
  list.addEventListener('keydown', (e) => {
    const forward = e.key === 'ArrowLeft' ? 1 : e.key === 'ArrowRight' ? -1 : 0;
    if (forward === 0 && e.key !== 'Home' && e.key !== 'End') return;
    e.preventDefault();
    go(e.key === 'Home' ? 0 : e.key === 'End' ? items.length - 1 : current + forward);
  });
  // A swipe (the list's scroll) moves the counter to the photo most in view.
  if ('IntersectionObserver' in window) {
    const seen = new IntersectionObserver(
      (entries) => {
        for (const entry of entries)
          if (entry.isIntersecting && entry.intersectionRatio >= 0.6) mark(items.indexOf(entry.target as HTMLElement));
      },
      { root: list, threshold: [0.6] },
    );
    for (const item of items) seen.observe(item);
  }
}

/**
 * The phone: revealed on the press by the POST, which counts it. In the owner's preview the button is there as buyers
 * will see it, and its press says the number is not shown here (nothing is asked or counted).
 */
export function enhanceReveal(root: ParentNode, adId: string, preview = false): void {
  const button = root.querySelector<HTMLButtonElement>('[data-reveal]');
  const out = root.querySelector<HTMLElement>('[data-phone]');
  if (!button || !out) return;
  show(button);
  if (preview) {
    button.addEventListener('click', () => {
      out.textContent = he.previewNoPhone;
    });
    return;
  }
  button.addEventListener('click', async () => {
    button.disabled = true;
    out.textContent = he.revealing;
    const res = await postJson<{ phone: string | null; note: string | null } & Refusal>(`/api/ads/${adId}/phone`, {});
    button.disabled = false;
    if (res.ok && res.data) {
      out.textContent = '';
      if (res.data.phone) {
        const link = document.createElement('a');
        link.href = `tel:${res.data.phone.replace(/[^\d+]/g, '')}`;
        link.className = 'ad-page__phone-link';
        link.dir = 'ltr';
        link.textContent = res.data.phone;
        out.append(link);
        hide(button);
        link.focus();
      } else out.textContent = res.data.note ?? '';
      return;
    }
    out.textContent = res.data?.message ?? he.failed;
  });
}

/** A use of the share box, counted in the advertiser's numbers (nothing waits for it, nothing is said of it). */
/** A share counted in the ad's numbers; none for the owner's preview (`adId` null). */
const countShare = (adId: string | null) => {
  if (adId !== null) void postJson(`/api/ads/${adId}/share`, {});
};

/** Share: the browser's own sheet where it has one; else copying the link. Each use is counted. */
export function enhanceShare(root: ParentNode, adId: string | null, nav: Navigator = navigator): void {
  const box = root.querySelector<HTMLElement>('[data-share]');
  if (!box) return;
  box.querySelector('[data-share-whatsapp]')?.addEventListener('click', () => countShare(adId));
  const url = box.dataset.url ?? location.href;
  const title = box.dataset.title ?? document.title;
  const said = box.querySelector<HTMLElement>('[data-copied]');
  const native = box.querySelector<HTMLButtonElement>('[data-share-native]');
  const copy = box.querySelector<HTMLButtonElement>('[data-copy]');
  if (typeof nav.share === 'function') {
    show(native);
    native?.addEventListener('click', () => {
      nav.share({ title, url }).then(
        () => countShare(adId),
        () => undefined,
      );
    });
  }
  if (nav.clipboard) {
    show(copy);
    copy?.addEventListener('click', async () => {
      const done = await nav.clipboard.writeText(url).then(
        () => true,
        () => false,
      );
      if (said) said.textContent = done ? he.copied : he.copyFailed;
      if (done) countShare(adId);
    });
  }
}

/**
 * The report: a reason (and a text for "other"), sent once; the answer's Hebrew message on a refusal. In the owner's
 * preview nothing is sent.
 */
export function enhanceReport(root: ParentNode, adId: string, preview = false): void {
  const form = root.querySelector<HTMLFormElement>('[data-report]');
  const error = root.querySelector<HTMLElement>('[data-report-error]');
  const done = root.querySelector<HTMLElement>('[data-report-done]');
  if (!form || !error || !done) return;
  show(form);
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    if (preview) {
      error.textContent = he.previewNoReport;
      return;
    }
    const data = new FormData(form);
    const reason = data.get('reason') as (typeof AD_REPORT_REASONS)[number] | null;
    const text = String(data.get('text') ?? '').trim();
    if (!reason) {
      error.textContent = he.chooseReason;
      form.querySelector<HTMLInputElement>('input[name="reason"]')?.focus();
      return;
    }
    if (reason === 'other' && !text) {
      error.textContent = he.otherNeedsText;
      form.querySelector<HTMLTextAreaElement>('textarea')?.focus();
      return;
    }
    error.textContent = '';
    const send = form.querySelector<HTMLButtonElement>('button[type="submit"]');
    if (send) send.disabled = true;
    const res = await postJson<{ message: string } & Refusal>(`/api/ads/${adId}/report`, {
      reason,
      ...(text ? { text } : {}),
    });
    if (send) send.disabled = false;
    if (res.ok) {
      hide(form);
      done.textContent = res.data?.message ?? '';
      return;
    }
    error.textContent = res.data?.message ?? he.failed;
  });
}

export function enhanceAdPage(main: HTMLElement): void {
  const adId = main.dataset.adPage ?? '';
  // The owner's preview (/item/{id}/preview): the same page, but the ad is not live, so nothing is asked or sent.
  const preview = main.dataset.preview !== undefined;
  enhanceGallery(main);
  enhanceReveal(main, adId, preview);
  enhanceShare(main, preview ? null : adId);
  enhanceReport(main, adId, preview);
}
