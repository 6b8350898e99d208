/**
 * The plan step's side flows as pure functions (after-save-area.md §4 "Choose-type flow", "Broker lead flow",
 * "Payment (commercial)", §5 "Invoice and phone-payment field errors come from the server, per field"), and the
 * agreement's HTML turned into a small tree of known elements that React renders as text (never as HTML).
 */
import { CAT, SUBCAT } from '@app/catalog/categories/ids';
import type { FieldErrorLists } from '@app/contract/planExtras';
import { htmlToText } from '../../shared/format/index.ts';

/** A free real-estate sale (cat 2, subcat 1) shows the broker-lead flow first while the experiment is on. */
export function brokerLeadFirst(cat: number, subcat: number | null | undefined, experimentOn: boolean): boolean {
  return experimentOn && cat === CAT.realEstate && subcat === SUBCAT.realEstateSale;
}

/** How the broker-lead flow ended: finish-publish gets leadFailed only for a failure (spec §4, §8). */
export type LeadEnd = 'closed' | 'sent' | 'failed' | 'noBrokers';
export const leadFailedFlag = (end: LeadEnd): { leadFailed?: true } => (end === 'failed' ? { leadFailed: true } : {});

/** The brokers' selection toggles one id; continuing needs at least one (spec §4). */
export function toggleBroker(chosen: readonly number[], id: number): number[] {
  return chosen.includes(id) ? chosen.filter((c) => c !== id) : [...chosen, id];
}
export const mayContinue = (chosen: readonly number[]): boolean => chosen.length > 0;

/** One message per field (the server may send several: they are joined), only for the form's fields. */
export function fieldMessages(errors: FieldErrorLists, fields: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of fields) {
    const list = errors[field];
    const messages = Array.isArray(list) ? list.filter((m) => typeof m === 'string' && m.trim()) : [];
    if (messages.length) out[field] = messages.join(' ');
  }
  return out;
}

/** The errors the form cannot show next to a field (another field name): shown once above the buttons. */
export function otherMessages(errors: FieldErrorLists, fields: readonly string[]): string[] {
  return Object.entries(errors)
    .filter(([field]) => !fields.includes(field))
    .flatMap(([, list]) => (Array.isArray(list) ? list : []))
    .filter((m): m is string => typeof m === 'string' && m.trim() !== '');
}

// ---- The agreement ----

/** Elements the agreement may hold (the server's sanitize-html list); anything else keeps its text only. */
export const AGREEMENT_TAGS = ['section', 'h2', 'h3', 'h4', 'p', 'ol', 'ul', 'li', 'strong', 'em', 'b', 'i'] as const;
export type AgreementTag = (typeof AGREEMENT_TAGS)[number];
export type AgreementNode = string | { tag: AgreementTag; children: AgreementNode[] };

const KNOWN: ReadonlySet<string> = new Set(AGREEMENT_TAGS);
const TOKEN = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b[^>]*>|<!--[\s\S]*?-->/g;
/** Where a <br> was (a character the sanitised HTML never holds). */
const BREAK = '\u0000';

/** Text between tags: entities decoded, runs of white space made one space (kept at the edges for inline text). */
function textOf(raw: string): string {
  if (!/\S/.test(raw)) return raw.length ? ' ' : '';
  const lead = /^\s/.test(raw) ? ' ' : '';
  const trail = /\s$/.test(raw) ? ' ' : '';
  return `${lead}${htmlToText(raw.replace(/</g, '&lt;'))}${trail}`;
}

/**
 * The agreement's HTML as a tree of the known elements; other tags (and script or style with their content) are
 * dropped, their text kept; <br> becomes a line break in the text; unclosed elements close at the end.
 */
export function agreementTree(html: string): AgreementNode[] {
  const cleaned = html.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '').replace(/<\s*br\s*\/?>/gi, BREAK);
  const root: { tag: AgreementTag | 'root'; children: AgreementNode[] } = { tag: 'root', children: [] };
  const stack: { tag: AgreementTag | 'root'; children: AgreementNode[] }[] = [root];
  const pushText = (raw: string) => {
    const joined = raw.includes(BREAK)
      ? raw
          .split(BREAK)
          .map((part) => textOf(part).trim())
          .join('\n')
      : textOf(raw);
    if (joined.trim() === '' && !joined.includes('\n')) {
      // Only white space between blocks: kept as one space, dropped where it would lead a block.
      if (joined && (stack.at(-1)?.children.length ?? 0) > 0) stack.at(-1)?.children.push(' ');
      return;
    }
    stack.at(-1)?.children.push(joined);
  };
  let last = 0;
  for (const match of cleaned.matchAll(TOKEN)) {
    pushText(cleaned.slice(last, match.index));
    last = match.index + match[0].length;
    const name = (match[2] ?? '').toLowerCase();
    if (!KNOWN.has(name)) continue;
    const tag = name as AgreementTag;
    if (match[1] !== '/') {
      const node = { tag, children: [] as AgreementNode[] };
      stack.at(-1)?.children.push(node);
      stack.push(node);
      continue;
    }
    const at = stack.map((n) => n.tag).lastIndexOf(tag);
    if (at > 0) stack.length = at;
  }
  pushText(cleaned.slice(last));
  return trimTree(root.children);
}

/** Drops the single spaces that only separate blocks. */
function trimTree(nodes: AgreementNode[]): AgreementNode[] {
  const out = nodes.map((n) => (typeof n === 'string' ? n : { tag: n.tag, children: trimTree(n.children) }));
  while (out.length && out[0] === ' ') out.shift();
  while (out.length && out.at(-1) === ' ') out.pop();
  return out;
}
