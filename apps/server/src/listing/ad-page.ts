/**
 * The ad's public page as HTML, rendered here (as platform/http/openapi-page.ts renders the API's page): readable
 * with scripts off, every text escaped. The web app's script (apps/web/src/features/ad-page) then adds the gallery's
 * keys and swipe, the phone's reveal, the share and the report. The number itself is never in the page: the reveal's
 * POST answers it. Also the 404 and 410 pages of an ad.
 */
import { CAT } from '@app/catalog/categories/ids';
import { SITE_NAME } from '@app/contract/pageMeta';
import type { AdDayNumbers, AdNumbers } from '@app/contract/schemas/adNumbers';
import { AD_REPORT_REASONS, AD_REPORT_TEXT_MAX } from '@app/contract/schemas/adPage';
import { heAdPage as he } from '../i18n/ad-page.ts';
import { escapeHtml as esc } from '../platform/http/second-origin.ts';
import { type AdPageView, isCar, type OwnerNotice } from './ad-page-service.ts';

/** What the page's head and top take from the built web app (its style sheets and script, its top bar). */
export interface PageChrome {
  /** Tags for the head: the app's style sheets and its module script (none without a build). */
  head: string;
  /** The top bar's HTML (the site's logo and links). */
  topBar: string;
}

const ISRAEL_DAY = new Intl.DateTimeFormat('he-IL', {
  timeZone: 'Asia/Jerusalem',
  day: 'numeric',
  month: 'numeric',
  year: 'numeric',
});
const dateHtml = (d: Date) => `<time datetime="${d.toISOString()}">${esc(ISRAEL_DAY.format(d))}</time>`;

/** JSON inside a <script> data block: nothing in it can end the block or open a comment. */
const jsonBlock = (value: unknown): string =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

function document(page: { title: string; head: string; chrome: PageChrome; body: string }): string {
  return `<!doctype html>
<html lang="he" dir="rtl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#ff7100">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>${esc(page.title)}</title>
${page.head}
${page.chrome.head}
</head>
<body>
<div class="ad-page-top">${page.chrome.topBar}</div>
${page.body}
</body>
</html>
`;
}

/** The description for search results and link previews: the price, the place and the start of the text. */
function summaryOf(view: AdPageView): string {
  const first = view.texts[0]?.text.replace(/\s+/g, ' ').trim() ?? '';
  const parts = [view.price ?? he.noPrice, view.place, first.length > 140 ? `${first.slice(0, 140)}…` : first];
  return parts.filter(Boolean).join(' · ');
}

/** The schema.org description of the ad by its family: a car, another vehicle, a home's offer, or a product. */
export function structuredData(view: AdPageView, url: (path: string) => string): Record<string, unknown> {
  const offer: Record<string, unknown> = {
    '@type': 'Offer',
    url: url(view.path),
    priceCurrency: 'ILS',
    availability: 'https://schema.org/InStock',
    ...(view.priceShekels === null ? {} : { price: view.priceShekels }),
  };
  const images = view.photos.map((p) => url(p.url));
  const description = view.texts[0]?.text;
  const common = {
    name: view.title,
    ...(description ? { description } : {}),
    ...(images.length > 0 ? { image: images } : {}),
    sku: String(view.orderId),
  };
  if (view.vehicle) {
    const v = view.vehicle;
    return {
      '@context': 'https://schema.org',
      '@type': isCar(view) ? 'Car' : 'Vehicle',
      ...common,
      ...(v.make ? { brand: { '@type': 'Brand', name: v.make } } : {}),
      ...(v.model ? { model: v.model } : {}),
      ...(v.year ? { vehicleModelDate: v.year } : {}),
      ...(v.km && /^\d+$/.test(v.km)
        ? { mileageFromOdometer: { '@type': 'QuantitativeValue', value: Number(v.km), unitCode: 'KMT' } }
        : {}),
      offers: offer,
    };
  }
  if (view.address) {
    const address = {
      '@type': 'PostalAddress',
      addressCountry: 'IL',
      ...(view.address.locality ? { addressLocality: view.address.locality } : {}),
      ...(view.address.street ? { streetAddress: view.address.street } : {}),
    };
    if (view.cat === CAT.realEstate)
      return {
        '@context': 'https://schema.org',
        ...offer,
        ...common,
        itemOffered: { '@type': 'Accommodation', name: view.title, address },
      };
  }
  return { '@context': 'https://schema.org', '@type': 'Product', ...common, offers: offer };
}

function headOf(view: AdPageView, url: (path: string) => string, indexable: boolean): string {
  const title = `${view.title} | ${SITE_NAME}`;
  const description = summaryOf(view);
  const image = view.photos[0];
  return [
    `<meta name="description" content="${esc(description)}">`,
    `<link rel="canonical" href="${esc(url(view.path))}">`,
    indexable ? '' : '<meta name="robots" content="noindex">',
    '<meta property="og:type" content="product">',
    `<meta property="og:title" content="${esc(title)}">`,
    `<meta property="og:description" content="${esc(description)}">`,
    `<meta property="og:url" content="${esc(url(view.path))}">`,
    '<meta property="og:locale" content="he_IL">',
    `<meta property="og:site_name" content="${esc(SITE_NAME)}">`,
    image ? `<meta property="og:image" content="${esc(url(image.url))}">` : '',
    image ? `<meta property="og:image:alt" content="${esc(image.alt)}">` : '',
    `<script type="application/ld+json">${jsonBlock(structuredData(view, url))}</script>`,
  ]
    .filter(Boolean)
    .join('\n');
}

function noticeHtml(notice: OwnerNotice): string {
  const links = notice.links.map((l) => `<a class="btn btn--secondary" href="${esc(l.href)}">${esc(l.text)}</a>`);
  return `<div class="ad-page__notice" role="status"><p>${esc(notice.text)}</p><p class="ad-page__notice-links">${links.join(' ')}</p></div>`;
}

function galleryHtml(view: AdPageView, preview?: PreviewFrame): string {
  const edit = editLink(preview, preview?.photosArea ?? null, he.photos);
  if (view.photos.length === 0) return `<p class="ad-page__no-photos">${esc(he.noPhotos)} ${edit}</p>`;
  const count = view.photos.length;
  const items = view.photos.map((p, i) => {
    const loading = i === 0 ? 'loading="eager" fetchpriority="high"' : 'loading="lazy"';
    return `<li class="ad-page__photo" data-index="${i}"><img src="${esc(p.url)}" srcset="${esc(p.thumbnailUrl)} 240w, ${esc(p.url)} ${p.width}w" sizes="(max-width: 760px) 100vw, 720px" width="${p.width}" height="${p.height}" alt="${esc(p.alt)}" ${loading} decoding="async"></li>`;
  });
  return `<section class="ad-page__gallery" aria-label="${esc(he.photos)}" data-gallery data-count="${count}">
<ul class="ad-page__photos" tabindex="0" aria-label="${esc(he.photos)}">${items.join('')}</ul>
<div class="ad-page__gallery-bar"><button type="button" class="ad-page__nav" data-gallery-prev hidden aria-label="${esc(he.previous)}">›</button>
<p class="ad-page__count" aria-live="polite"><span data-gallery-at>1</span> / ${count}</p>
<button type="button" class="ad-page__nav" data-gallery-next hidden aria-label="${esc(he.next)}">‹</button></div>
${edit}</section>`;
}

function videoHtml(view: AdPageView): string {
  if (!view.video) return '';
  return `<section class="ad-page__video card" aria-label="${esc(he.video)}"><video controls preload="none" src="${esc(view.video.path)}"></video></section>`;
}

/** The owner's preview's way back to a step of the wizard, named for what it changes. */
const editLink = (preview: PreviewFrame | undefined, area: string | null, what: string): string =>
  preview && area
    ? `<a class="ad-page__edit-link" href="${esc(preview.stepPath(area))}">${esc(he.previewEdit)}<span class="visually-hidden"> ${esc(what)}</span></a>`
    : '';

/** A heading, and in the owner's preview its way back to the step beside it. */
const headed = (heading: string, link: string): string =>
  link ? `<div class="ad-page__group-head">${heading}${link}</div>` : heading;

function detailsHtml(view: AdPageView, preview?: PreviewFrame): string {
  const groups = view.groups.map(
    (g) =>
      `<section class="ad-page__group">${headed(`<h3>${esc(g.title)}</h3>`, editLink(preview, g.area, g.title))}<dl>${g.fields
        .map((f) => `<div class="ad-page__field"><dt>${esc(f.label)}</dt><dd>${esc(f.text)}</dd></div>`)
        .join('')}</dl></section>`,
  );
  const texts = view.texts.map(
    (t) =>
      `<section class="ad-page__text">${headed(`<h2>${esc(t.label)}</h2>`, editLink(preview, t.area, t.label))}<p>${esc(t.text)}</p></section>`,
  );
  return `${texts.join('')}<section class="ad-page__details card" aria-labelledby="ad-details"><h2 id="ad-details">${esc(he.details)}</h2>${groups.join('')}</section>`;
}

function contactHtml(view: AdPageView): string {
  const name = view.contactName
    ? `<p class="ad-page__contact-name"><span class="visually-hidden">${esc(he.contactName)}: </span>${esc(view.contactName)}</p>`
    : '';
  const phone = view.offersPhone
    ? `<button type="button" class="btn btn--primary btn--block" data-reveal hidden>${esc(he.showPhone)}</button>
<p class="ad-page__phone" data-phone aria-live="polite"></p>
<noscript><p>${esc(he.phoneNeedsScript)}</p></noscript>`
    : `<p>${esc(he.noPhone)}</p>`;
  return `<section class="ad-page__contact card" aria-labelledby="ad-contact"><h2 id="ad-contact">${esc(he.contact)}</h2>${name}${phone}</section>`;
}

function shareHtml(view: AdPageView, url: (path: string) => string): string {
  const link = url(view.path);
  const whatsapp = `https://wa.me/?text=${encodeURIComponent(`${he.shareText(view.title)} ${link}`)}`;
  return `<section class="ad-page__share card" aria-labelledby="ad-share" data-share data-title="${esc(view.title)}" data-url="${esc(link)}">
<h2 id="ad-share">${esc(he.share)}</h2>
<button type="button" class="btn btn--secondary" data-share-native hidden>${esc(he.shareButton)}</button>
<button type="button" class="btn btn--secondary" data-copy hidden>${esc(he.copyLink)}</button>
<a class="btn btn--secondary" href="${esc(whatsapp)}" target="_blank" rel="noopener noreferrer" data-share-whatsapp>${esc(he.whatsapp)}</a>
<p class="ad-page__link"><label for="ad-link">${esc(he.linkLabel)}</label> <input id="ad-link" type="url" dir="ltr" readonly value="${esc(link)}"></p>
<p class="ad-page__copied" data-copied role="status"></p>
</section>`;
}

function reportHtml(view: AdPageView): string {
  const reasons = AD_REPORT_REASONS.map(
    (r, i) =>
      `<label class="ad-page__reason"><input type="radio" name="reason" value="${r}"${i === 0 ? ' required' : ''}> ${esc(he.reportReasons[r])}</label>`,
  ).join('');
  return `<section class="ad-page__report" aria-labelledby="ad-report">
<details><summary id="ad-report">${esc(he.report)}</summary>
<form data-report="${view.orderId}" hidden novalidate>
<fieldset><legend>${esc(he.reportLegend)}</legend>${reasons}</fieldset>
<p><label for="report-text">${esc(he.reportText)}</label><textarea id="report-text" name="text" rows="3" maxlength="${AD_REPORT_TEXT_MAX}"></textarea></p>
<p class="ad-page__report-error" data-report-error role="alert"></p>
<button type="submit" class="btn btn--primary">${esc(he.reportSend)}</button>
</form>
<p data-report-done role="status"></p>
<noscript><p>${esc(he.reportNeedsScript)}</p></noscript>
</details>
</section>`;
}

/**
 * The owner's preview around the page: the board's card of the ad (the board's own template, with the board's card
 * rules) and the ways back into the wizard.
 */
export interface PreviewFrame {
  /** The card's HTML (board/board-pages.ts `cardHtml`), or null for a category without a board. */
  cardHtml: string | null;
  cardStyleUrl: string;
  /** The wizard on the step of this area. */
  stepPath: (area: string) => string;
  /** The wizard where the owner left it. */
  backPath: string;
  /** The photos' step's area, or null when the catalogue has none. */
  photosArea: string | null;
}

function previewHtml(preview: PreviewFrame): string {
  const card = preview.cardHtml
    ? `<section class="ad-preview__card" aria-labelledby="ad-preview-card"><h2 id="ad-preview-card">${esc(he.previewCardTitle)}</h2><ol class="cards">${preview.cardHtml}</ol></section>`
    : '';
  return `<div class="ad-page__notice ad-preview" role="region" aria-label="${esc(he.previewLabel)}">
<div class="ad-preview__text"><p class="ad-preview__title"><strong>${esc(he.previewTitle)}</strong></p><p>${esc(he.previewText)}</p>
<p class="ad-page__notice-links"><a class="btn btn--primary" href="${esc(preview.backPath)}" data-preview-back>${esc(he.previewBack)}</a></p></div>
${card}</div>`;
}

/**
 * The owner's box of the ad's numbers (theirs only: the page that carries it is never kept by a cache): each figure
 * today, in the last 30 days and since it was published, as a table; the days one by one are on /my-ads.
 */
function numbersHtml(view: AdPageView, numbers: { total: AdNumbers; days: AdDayNumbers[] }): string {
  const today = numbers.days.at(-1);
  const keys = Object.keys(he.numberNames) as (keyof AdNumbers)[];
  const sum = (k: keyof AdNumbers) => numbers.days.reduce((n, d) => n + d[k], 0);
  const rows = keys.map(
    (k) =>
      `<tr><th scope="row">${esc(he.numberNames[k])}</th><td>${today?.[k] ?? 0}</td><td>${sum(k)}</td><td>${numbers.total[k]}</td></tr>`,
  );
  return `<section class="ad-page__numbers card" aria-labelledby="ad-numbers" data-numbers>
<h2 id="ad-numbers">${esc(he.numbers)}</h2>
<p>${esc(he.numbersNote)}</p>
<table><thead><tr><th scope="col">${esc(he.numbersWhat)}</th><th scope="col">${esc(he.numbersToday)}</th><th scope="col">${esc(he.numbersLastDays)}</th><th scope="col">${esc(he.numbersTotal)}</th></tr></thead>
<tbody>${rows.join('')}</tbody></table>
<p><a href="/my-ads?numbers=${view.orderId}">${esc(he.numbersByDay)}</a></p>
</section>`;
}

/**
 * The ad's page. `indexable`: live (an owner's held ad is for them only, never for search engines). `preview`: the
 * owner's preview of values not live yet (never indexed; its links lead back into the wizard).
 */
export function adPageHtml(
  view: AdPageView,
  opts: {
    url: (path: string) => string;
    chrome: PageChrome;
    notice: OwnerNotice | null;
    preview?: PreviewFrame;
    /** The ad's numbers, for its owner only. */
    numbers?: { total: AdNumbers; days: AdDayNumbers[] } | null;
  },
): string {
  const { url, notice, preview } = opts;
  const mark = view.mark ? `<p class="ad-page__mark ad-page__mark--${view.mark}">${esc(he.marks[view.mark])}</p>` : '';
  const dates = [
    `<div><dt>${esc(he.adNumber)}</dt><dd>${view.orderId}</dd></div>`,
    view.publishedAt ? `<div><dt>${esc(he.published)}</dt><dd>${dateHtml(view.publishedAt)}</dd></div>` : '',
    view.updatedAt ? `<div><dt>${esc(he.updated)}</dt><dd>${dateHtml(view.updatedAt)}</dd></div>` : '',
  ].join('');
  const body = `<main id="main" class="page ad-page" tabindex="-1" data-ad-page="${view.orderId}"${preview ? ' data-preview' : ''}>
${preview ? previewHtml(preview) : notice ? noticeHtml(notice) : ''}
${opts.numbers ? numbersHtml(view, opts.numbers) : ''}
<nav class="ad-page__crumbs" aria-label="${esc(he.crumbs)}"><a href="${esc(view.boardPath)}">${esc(he.toBoard)}</a></nav>
<article class="ad-page__ad">
<header class="ad-page__head">
${mark}<h1 class="page__title">${esc(view.title)}</h1>
<p class="ad-page__price">${esc(view.price ?? he.noPrice)}</p>
${view.place ? `<p class="ad-page__place">${esc(view.place)}</p>` : ''}
<dl class="ad-page__facts">${dates}</dl>
</header>
${galleryHtml(view, preview)}
${videoHtml(view)}
<div class="ad-page__columns"><aside class="ad-page__side">${contactHtml(view)}${shareHtml(view, url)}${reportHtml(view)}</aside>
<div class="ad-page__main">${detailsHtml(view, preview)}</div></div>
</article>
</main>`;
  return document({
    title: `${view.title} | ${SITE_NAME}`,
    head: `${headOf(view, url, notice === null && !preview)}${preview ? `\n<link rel="stylesheet" href="${esc(preview.cardStyleUrl)}">` : ''}`,
    chrome: opts.chrome,
    body,
  });
}

/** An ad's page that is not there (404) or has ended (410, with a link to its board). */
export function adMissingHtml(
  page: { kind: 'gone' } | { kind: 'ended'; title: string; boardPath: string },
  chrome: PageChrome,
): string {
  const heading = page.kind === 'ended' ? he.endedTitle : he.notFoundTitle;
  const lead =
    page.kind === 'ended'
      ? `<p class="page__lead">${esc(page.title)}</p><p>${esc(he.endedText)}</p><p><a class="btn btn--primary" href="${esc(page.boardPath)}">${esc(he.toBoard)}</a></p>`
      : `<p class="page__lead">${esc(he.notFoundText)}</p><p><a class="btn btn--primary" href="/">${esc(he.toHome)}</a></p>`;
  return document({
    title: `${heading} | ${SITE_NAME}`,
    head: '<meta name="robots" content="noindex">',
    chrome,
    body: `<main id="main" class="page ad-page ad-page--missing" tabindex="-1"><h1 class="page__title">${esc(heading)}</h1>${lead}</main>`,
  });
}
