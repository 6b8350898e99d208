/**
 * The public board's pages, made on the server from plain templates (as the API's reference page): the boards'
 * index (/board) and a board (/board/{cat}[/{subcat}]). They show everything with scripts off: the filter form is a
 * GET form built from the board's filter definitions (so a filtered board is an address one can share), the search
 * box, the count, the cards (VIP first with a visible mark, the highlighted ones styled and said in words, then the
 * plain ones), and "עוד מודעות", a real link to the next page. One small stylesheet (board-style.ts), no script.
 * Every text from data goes through `esc`.
 */
import type { BoardCardView, BoardFilterView, BoardPageResponse } from '@app/contract/schemas/board';
import { heBoard as he } from '../i18n/board.ts';
import { esc } from '../platform/http/html.ts';
import type { FamilyBoards } from './board-directory.ts';

export interface PageFrame {
  title: string;
  description: string;
  /** The page's absolute address without its query (the canonical one). */
  canonical: string;
  /** The stylesheet's address (with its version). */
  styleUrl: string;
  /** A filtered or later page: not indexed (its links are followed). */
  noindex?: boolean;
}

function page(frame: PageFrame, main: string): string {
  return `<!doctype html><html lang="he" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(frame.title)}</title><meta name="description" content="${esc(frame.description)}"><link rel="canonical" href="${esc(frame.canonical)}">${frame.noindex ? '<meta name="robots" content="noindex, follow">' : ''}<link rel="stylesheet" href="${esc(frame.styleUrl)}"></head><body><a class="skip" href="#main">דילוג לתוכן</a><header class="site-top"><a class="brand" href="/board">${esc(he.siteName)}</a><nav aria-label="${esc(he.headerNav)}"><ul><li><a href="/board">${esc(he.allBoards)}</a></li><li><a href="/publish">${esc(he.publish)}</a></li></ul></nav></header><main id="main" tabindex="-1">${main}</main></body></html>`;
}

/** How long ago, in Hebrew words ("לפני 3 שעות"). */
export function agoText(now: Date, then: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - then.getTime()) / 60_000));
  if (minutes < 1) return he.ago.now;
  if (minutes < 60) return he.ago.minutes(minutes);
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return he.ago.hours(hours);
  const days = Math.floor(hours / 24);
  if (days < 30) return he.ago.days(days);
  return he.ago.months(Math.floor(days / 30));
}

/** The boards' index: each family's board and its sub-boards. */
export function boardIndexPage(directory: readonly FamilyBoards[], frame: PageFrame): string {
  const families = directory
    .map((f, i) => {
      const subs =
        f.subBoards.length === 0
          ? ''
          : `<ul class="chips">${f.subBoards.map((b) => `<li><a href="${esc(b.url)}">${esc(b.title)}</a></li>`).join('')}</ul>`;
      return `<section class="family" aria-labelledby="family-${i}"><h2 id="family-${i}"><a href="${esc(f.family.url)}">${esc(f.family.title)}</a></h2>${subs}</section>`;
    })
    .join('');
  return page(
    frame,
    `<h1>${esc(he.indexHeading)}</h1><p class="lead">${esc(he.indexLead)}</p><div class="families">${families}</div>`,
  );
}

/** The query of a board's address: the filters chosen, the search text, and optionally a cursor. */
export function boardQueryString(answer: BoardPageResponse, cursor?: string, size?: string): string {
  const params = new URLSearchParams();
  for (const f of answer.filters) {
    if (f.kind === 'choice') for (const v of f.chosen) params.append(f.name, v);
    else {
      if (f.chosenMin !== '') params.set(`${f.name}_min`, f.chosenMin);
      if (f.chosenMax !== '') params.set(`${f.name}_max`, f.chosenMax);
    }
  }
  if (answer.q !== '') params.set('q', answer.q);
  if (size) params.set('size', size);
  if (cursor) params.set('cursor', cursor);
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

const fieldId = (name: string) => `filter-${name.replace(/[^\w-]/g, '')}`;

function filterField(f: BoardFilterView, byName: ReadonlyMap<string, BoardFilterView>): string {
  const id = fieldId(f.name);
  if (f.kind === 'range') {
    const bound = (v: number | undefined, attr: string) => (v === undefined ? '' : ` ${attr}="${v}"`);
    const input = (end: 'min' | 'max', label: string, value: string) =>
      `<div class="end"><label for="${id}-${end}">${esc(label)}</label><input id="${id}-${end}" name="${esc(`${f.name}_${end}`)}" type="number" inputmode="numeric"${bound(f.min, 'min')}${bound(f.max, 'max')} value="${esc(value)}"></div>`;
    return `<fieldset class="filter range"><legend>${esc(f.label)}</legend>${input('min', he.from, f.chosenMin)}${input('max', he.to, f.chosenMax)}</fieldset>`;
  }
  const missing = f.parents.filter((p) => p !== 'subcat' && (byName.get(p)?.chosen.length ?? 0) === 0);
  const hint =
    missing.length > 0
      ? `<p class="hint" id="${id}-hint">${esc(he.chooseParentFirst(missing.map((p) => byName.get(p)?.label ?? p).join(', ')))}</p>`
      : '';
  const chosen = new Set(f.chosen);
  const options = (f.options ?? [])
    .map((o) => `<option value="${esc(o.value)}"${chosen.has(o.value) ? ' selected' : ''}>${esc(o.text)}</option>`)
    .join('');
  const disabled = missing.length > 0 ? ` disabled aria-describedby="${id}-hint"` : '';
  return `<div class="filter choice"><label for="${id}">${esc(f.label)}</label><select id="${id}" name="${esc(f.name)}"${disabled}><option value="">${esc(he.any)}</option>${options}</select>${hint}</div>`;
}

const isChosen = (f: BoardFilterView) => f.chosen.length > 0 || f.chosenMin !== '' || f.chosenMax !== '';

/**
 * The search box, always shown, and the filters in a disclosure (a phone sees the cards first), open when one is
 * chosen. A details element: it opens and closes with scripts off.
 */
function filterForm(answer: BoardPageResponse): string {
  const byName = new Map(answer.filters.map((f) => [f.name, f]));
  const fields = answer.filters.map((f) => filterField(f, byName)).join('');
  const chosen = answer.filters.filter(isChosen).length;
  const more =
    answer.filters.length === 0
      ? ''
      : `<details class="more-filters"${chosen > 0 ? ' open' : ''}><summary>${esc(he.moreFilters(chosen))}</summary><div class="fields">${fields}</div></details>`;
  return `<section class="filters" aria-labelledby="filters-title"><h2 id="filters-title">${esc(he.filtersHeading)}</h2><form method="get" action="${esc(answer.board.url)}" role="search" aria-label="${esc(he.filtersHeading)}"><div class="filter search"><label for="board-q">${esc(he.search)}</label><input id="board-q" name="q" type="search" maxlength="200" value="${esc(answer.q)}" aria-describedby="board-q-hint"><p class="hint" id="board-q-hint">${esc(he.searchHint)}</p></div>${more}<div class="actions"><button type="submit">${esc(he.apply)}</button><a href="${esc(answer.board.url)}">${esc(he.clear)}</a></div></form></section>`;
}

function photo(card: BoardCardView): string {
  const p = card.photo;
  if (!p) return `<div class="photo none" aria-hidden="true">${esc(he.noPhoto)}</div>`;
  // The thumbnail keeps the photo's proportions inside 240 x 180.
  const scale = Math.min(1, 240 / p.width, 180 / p.height);
  const thumbWidth = Math.max(1, Math.round(p.width * scale));
  return `<img class="photo" src="${esc(p.thumb)}" srcset="${esc(p.thumb)} ${thumbWidth}w, ${esc(p.src)} ${p.width}w" sizes="(min-width: 720px) 300px, 128px" width="${p.width}" height="${p.height}" loading="lazy" decoding="async" alt="">`;
}

/** One card of a board page (the owner's preview shows an ad's card with it too). */
export function cardHtml(card: BoardCardView, now: Date): string {
  const mark =
    card.rank === 'top'
      ? `<p class="mark vip"><span aria-hidden="true">${esc(he.vip)}</span><span class="sr">${esc(he.vipText)}</span></p>`
      : card.rank === 'highlighted'
        ? `<p class="mark highlighted">${esc(he.highlighted)}</p>`
        : '';
  const price = card.price === null ? he.noPrice : he.shekels(card.price);
  const when = card.publishedAt
    ? `<p class="when">${esc(he.published)} <time datetime="${esc(card.publishedAt)}">${esc(agoText(now, new Date(card.publishedAt)))}</time></p>`
    : '';
  const locality = card.locality ? `<p class="locality">${esc(card.locality)}</p>` : '';
  return `<li class="card rank-${card.rank}"><article>${photo(card)}<div class="text"><h3><a href="${esc(card.url)}">${esc(card.title)}</a></h3>${mark}<p class="price">${esc(price)}</p>${locality}${when}</div></article></li>`;
}

/** A board's page. */
/** `paged`: a later page (it links back to the first); `size`: the page size the address asked for, kept. */
export function boardPage(
  answer: BoardPageResponse,
  now: Date,
  frame: PageFrame,
  paged: boolean,
  size?: string,
): string {
  const { board } = answer;
  const crumbs = [
    `<li><a href="/board">${esc(he.siteName)}</a></li>`,
    ...(board.subcat === null ? [] : [`<li><a href="${esc(board.family.url)}">${esc(board.family.title)}</a></li>`]),
    `<li><a href="${esc(board.url)}" aria-current="page">${esc(board.subcat === null ? board.title : (board.subBoards.find((b) => b.subcat === board.subcat)?.title ?? board.title))}</a></li>`,
  ];
  const subs =
    board.subBoards.length === 0
      ? ''
      : `<nav aria-label="${esc(he.subBoardsNav)}"><ul class="chips"><li><a href="${esc(board.family.url)}"${board.subcat === null ? ' aria-current="page"' : ''}>${esc(he.wholeFamily(board.family.title))}</a></li>${board.subBoards
          .map(
            (b) =>
              `<li><a href="${esc(b.url)}"${b.subcat === board.subcat ? ' aria-current="page"' : ''}>${esc(b.title)}</a></li>`,
          )
          .join('')}</ul></nav>`;
  const filtered = answer.q !== '' || answer.filters.some(isChosen);
  const results =
    answer.cards.length === 0
      ? `<div class="empty"><p class="empty-title">${esc(he.emptyTitle)}</p><p>${esc(filtered ? he.emptyFiltered : he.emptyBoard)}</p>${filtered ? `<p><a href="${esc(board.url)}">${esc(he.clear)}</a></p>` : `<p><a href="/publish">${esc(he.publish)}</a></p>`}</div>`
      : `<ol class="cards">${answer.cards.map((c) => cardHtml(c, now)).join('')}</ol>`;
  const more = answer.nextCursor
    ? `<p class="more"><a rel="next" href="${esc(`${board.url}${boardQueryString(answer, answer.nextCursor, size)}`)}">${esc(he.more)}</a></p>`
    : '';
  const first = paged
    ? `<p class="more"><a href="${esc(`${board.url}${boardQueryString(answer, undefined, size)}`)}">${esc(he.firstPage)}</a></p>`
    : '';
  return page(
    frame,
    `<nav aria-label="${esc(he.breadcrumbs)}"><ol class="crumbs">${crumbs.join('')}</ol></nav><h1>${esc(board.title)}</h1>${subs}<div class="layout">${filterForm(answer)}<section class="results" aria-labelledby="results-count"><h2 id="results-count">${esc(he.count(answer.total))}</h2>${results}${more}${first}</section></div>`,
  );
}

/** A board that cannot be shown: the Hebrew reason and the way back. */
export function boardErrorPage(title: string, message: string, back: string, frame: PageFrame): string {
  return page(
    frame,
    `<h1>${esc(title)}</h1><p class="error">${esc(message)}</p><p><a href="${esc(back)}">${esc(back === '/board' ? he.backToBoards : he.clear)}</a></p>`,
  );
}
