/**
 * The commercial advertising agreement (after-save-area.md §4 "Payment (commercial)", §7 get-agreement): HTML that the
 * browser puts in the agreement popup. Server HTML is sanitised before it reaches any DOM, here before it leaves the
 * server, with sanitize-html: headings, paragraphs, lists and emphasis only, no attributes, so a script, an event
 * handler or a link cannot reach the page even if the text is edited carelessly (or later comes from a CMS).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['h2', 'h3', 'h4', 'p', 'ol', 'ul', 'li', 'strong', 'em', 'b', 'i', 'br', 'section'],
  allowedAttributes: {},
  // script and style are dropped with their content; other unknown tags keep their text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe'],
  disallowedTagsMode: 'discard',
};

export function sanitizeAgreementHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), './data/commercial-agreement.html');
let cached: string | undefined;

/** The agreement as served: read and sanitised once per process. */
export function agreementHtml(): string {
  cached ??= sanitizeAgreementHtml(fs.readFileSync(file, 'utf8')).trim();
  return cached;
}
