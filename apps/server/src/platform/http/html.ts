/**
 * The server's own pages are plain HTML made from templates (the API's reference page, the public board): every
 * text that comes from data goes through `esc`, so no value is ever read as markup, in an element or an attribute.
 */

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** A text as HTML: safe in an element's content and in a quoted attribute. */
export const esc = (text: string): string => text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
