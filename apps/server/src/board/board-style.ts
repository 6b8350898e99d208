/**
 * The board pages' one stylesheet (served at /board/style.css with its version in the address, cached for good):
 * small, no web font, no script. Phone first: a card is a row (the photo beside the text); from 720 px the filters
 * stand beside the cards and the cards are a grid. A VIP card and a highlighted one differ in border and background,
 * and each says so in words too (its mark), never by colour alone. Focus is always visible.
 */
import crypto from 'node:crypto';

/**
 * The cards' rules, every one under `.cards` so another page can show a card with them (the owner's preview of an
 * ad, served as /board/cards.css): a card is a row on a phone, a grid cell from 720 px.
 */
export const BOARD_CARDS_CSS = `.cards{list-style:none;margin:0;padding:0;display:grid;gap:12px}
.cards .card{background:none;border:0;border-radius:0;box-shadow:none;padding:0}
.cards .card article{display:flex;gap:12px;background:#fff;border:1px solid #d8dbe0;border-radius:8px;padding:8px;height:100%;color:#1b1b1b}
.cards .card.rank-top article{border:2px solid #8a5a00;background:#fff8e6}
.cards .card.rank-highlighted article{border:2px solid #1f6f8b;background:#eef7fa}
.cards .photo{flex:0 0 128px;width:128px;height:96px;object-fit:cover;border-radius:6px;background:#e3e6ea}
.cards .photo.none{display:flex;align-items:center;justify-content:center;font-size:.85rem;color:#4a4f57}
.cards .text{min-width:0}
.cards .text p{margin:0}
.cards h3{font-size:1rem;margin:0 0 4px;line-height:1.5}
.cards h3 a{color:#0a4fb5;text-decoration:none}
.cards h3 a:hover{text-decoration:underline}
.cards .mark{display:inline-block;font-size:.8rem;font-weight:700;padding:0 8px;border-radius:4px;margin-bottom:4px!important}
.cards .mark.vip{background:#8a5a00;color:#fff}
.cards .mark.highlighted{background:#1f6f8b;color:#fff}
.cards .price{font-weight:700}
.cards .locality,.cards .when{font-size:.9rem;color:#4a4f57}
.cards .sr{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
@media (min-width:720px){
.cards{grid-template-columns:repeat(auto-fill,minmax(230px,1fr))}
.cards .card article{flex-direction:column}
.cards .photo{width:100%;height:auto;aspect-ratio:4/3;flex-basis:auto}
}
`;

export const BOARD_CSS = `*,*::before,*::after{box-sizing:border-box}
html{font-family:system-ui,-apple-system,"Segoe UI",Arial,sans-serif;line-height:1.5;color:#1b1b1b;background:#f5f6f8}
body{margin:0}
a{color:#0a4fb5}
a:focus-visible,button:focus-visible,input:focus-visible,select:focus-visible,main:focus-visible{outline:3px solid #0a4fb5;outline-offset:2px}
.skip{position:absolute;inset-inline-start:8px;top:-48px;background:#fff;padding:8px 12px;z-index:2}
.skip:focus{top:8px}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.site-top{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:8px 16px;padding:10px 16px;background:#fff;border-bottom:1px solid #d8dbe0}
.brand{font-weight:700;font-size:1.15rem;text-decoration:none;color:#1b1b1b}
.site-top ul,.chips,.crumbs{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:8px 16px}
main{max-width:1200px;margin:0 auto;padding:12px 16px 40px}
h1{font-size:1.5rem;margin:8px 0 12px}
h2{font-size:1.1rem;margin:0 0 10px}
.crumbs{font-size:.9rem;gap:4px}
.crumbs li+li::before{content:"‹";margin-inline-end:4px;color:#555}
.chips{gap:8px;margin:0 0 16px}
nav .chips{flex-wrap:nowrap;overflow-x:auto;padding-bottom:4px}
nav .chips li{flex:none}
.chips a{display:inline-block;padding:6px 12px;border:1px solid #b9bec7;border-radius:999px;background:#fff;text-decoration:none}
.chips a[aria-current="page"]{background:#0a4fb5;color:#fff;border-color:#0a4fb5}
.families{display:grid;gap:16px}
.family{background:#fff;border:1px solid #d8dbe0;border-radius:8px;padding:12px 16px}
.family .chips{margin:0}
.layout{display:grid;gap:16px}
.filters{background:#fff;border:1px solid #d8dbe0;border-radius:8px;padding:12px 16px;align-self:start}
.filters form{display:grid;gap:12px}
.more-filters summary{cursor:pointer;font-weight:600;color:#0a4fb5;min-height:44px;display:flex;align-items:center}
.more-filters summary:focus-visible{outline:3px solid #0a4fb5;outline-offset:2px}
.fields{display:grid;grid-template-columns:1fr 1fr;gap:10px 12px;padding-top:4px}
.filter.range{grid-column:1/-1}
.filter label,.filter legend{display:block;font-weight:600;font-size:.95rem;margin-bottom:2px}
.range{border:0;margin:0;padding:0;display:grid;grid-template-columns:1fr 1fr;gap:0 12px}
.range legend{grid-column:1/-1;padding:0}
.range .end label{font-weight:400}
input,select,button{font:inherit;width:100%;min-height:44px;padding:6px 8px;border:1px solid #767b85;border-radius:6px;background:#fff;color:#1b1b1b}
select:disabled{background:#eceef1;color:#555}
button{background:#0a4fb5;color:#fff;border-color:#0a4fb5;font-weight:600;cursor:pointer}
.hint{margin:2px 0 0;font-size:.85rem;color:#4a4f57}
.actions{display:flex;gap:16px;align-items:center}
.actions button{flex:1}
.more{margin:20px 0 0;text-align:center}
.more a{display:inline-block;padding:10px 24px;border:2px solid #0a4fb5;border-radius:8px;background:#fff;font-weight:600;text-decoration:none}
.empty{background:#fff;border:1px dashed #b9bec7;border-radius:8px;padding:24px 16px;text-align:center}
.empty-title{font-weight:700;font-size:1.1rem}
.error{font-size:1.05rem}
@media (min-width:720px){
.layout{grid-template-columns:300px 1fr;align-items:start}
.fields{grid-template-columns:1fr}
nav .chips{flex-wrap:wrap;overflow-x:visible}
.families{grid-template-columns:repeat(auto-fill,minmax(300px,1fr))}
}
${BOARD_CARDS_CSS}`;

/** The stylesheet's version: its address changes when it does, so it can be cached for good. */
export const BOARD_CSS_VERSION = crypto.createHash('sha256').update(BOARD_CSS).digest('hex').slice(0, 12);
export const BOARD_CARDS_CSS_VERSION = crypto.createHash('sha256').update(BOARD_CARDS_CSS).digest('hex').slice(0, 12);

/** Where the cards' rules alone are served, and the address (with their version) a page that shows a card links. */
export const CARDS_STYLE_PATH = '/board/cards.css';
export const BOARD_CARDS_STYLE_URL = `${CARDS_STYLE_PATH}?v=${BOARD_CARDS_CSS_VERSION}`;
