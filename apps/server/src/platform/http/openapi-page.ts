/**
 * The API's reference page for integrators (GET /api/docs): the OpenAPI document read as a Hebrew page, rendered here
 * from the same document /api/openapi.json serves. One section per part of the document (the customers' calls, the
 * staff console's), each call with its method and path, what it does, its parameters and body fields with their
 * types, and its answers. Plain HTML: no script and no style of its own, so it reads the same with scripts off and
 * keeps the pages' CSP. Field names, paths and methods are the wire's own (Latin, left to right, in <code>).
 */
import { esc } from './html.ts';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  $ref?: string;
  description?: string;
}
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: JsonSchema;
  description?: string;
}
interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { description?: string }>;
}
export interface OpenApiDocument {
  info?: { title?: string; description?: string };
  tags?: { name: string; description?: string }[];
  paths?: Record<string, Record<string, Operation>>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

const TYPE_NAMES: Record<string, string> = {
  string: 'טקסט',
  integer: 'מספר שלם',
  number: 'מספר',
  boolean: 'כן/לא',
  array: 'רשימה',
  object: 'אובייקט',
  null: 'ריק',
};
const WHERE: Record<string, string> = { path: 'בכתובת', query: 'בשאילתה', header: 'בכותרת', cookie: 'בעוגייה' };

/** The wire's own text; a long path or name may break after a slash or a hyphen (a phone is 375 px wide). */
const code = (text: string): string => `<code dir="ltr">${esc(text).replace(/[/-]/g, '$&<wbr>')}</code>`;

/** A schema's type in Hebrew words (a reference names its component; a list of values is shown as the values). */
function typeOf(schema: JsonSchema | undefined): string {
  if (!schema) return 'כל ערך';
  if (schema.$ref) return `מבנה ${code(schema.$ref.split('/').pop() ?? '')}`;
  if (schema.enum) return `אחד מ־${schema.enum.map((v) => code(JSON.stringify(v))).join(', ')}`;
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return options.map(typeOf).join(' או ');
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length === 0) return 'כל ערך';
  return types
    .map((t) => (t === 'array' && schema.items ? `רשימה של ${typeOf(schema.items)}` : (TYPE_NAMES[t] ?? esc(t))))
    .join(' או ');
}

function row(name: string, where: string, type: string, required: boolean): string {
  return `<tr><td>${code(name)}</td><td>${where}</td><td>${type}</td><td>${required ? 'חובה' : 'רשות'}</td></tr>`;
}

function inputs(op: Operation): string {
  const rows = (op.parameters ?? []).map((p) =>
    row(p.name, WHERE[p.in] ?? esc(p.in), typeOf(p.schema), p.required === true),
  );
  for (const [type, content] of Object.entries(op.requestBody?.content ?? {})) {
    const body = content.schema;
    const required = new Set(body?.required ?? []);
    for (const [name, field] of Object.entries(body?.properties ?? {}))
      rows.push(row(name, `בגוף (${code(type)})`, typeOf(field), required.has(name)));
    if (!body?.properties) rows.push(row('—', `בגוף (${code(type)})`, typeOf(body), true));
  }
  if (rows.length === 0) return '<p>אין פרמטרים.</p>';
  return `<table><caption>פרמטרים</caption><thead><tr><th scope="col">שם</th><th scope="col">היכן</th><th scope="col">סוג</th><th scope="col">חובה</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function answers(op: Operation): string {
  const items = Object.entries(op.responses ?? {}).map(
    ([status, answer]) => `<li>${code(status)}: ${esc(answer.description ?? '')}</li>`,
  );
  return `<p>תשובות:</p><ul>${items.join('')}</ul>`;
}

/** The page, from the document (made once by the caller: the document does not change while the server runs). */
export function openApiPage(document: OpenApiDocument, documentPath: string): string {
  const calls = new Map<string, string[]>();
  for (const tag of document.tags ?? []) calls.set(tag.name, []);
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? '';
      if (!calls.has(tag)) calls.set(tag, []);
      calls
        .get(tag)
        ?.push(
          `<article><h3>${code(`${method.toUpperCase()} ${path}`)}</h3>${op.summary ? `<p>${esc(op.summary)}</p>` : ''}${op.description ? `<p>${esc(op.description)}</p>` : ''}${inputs(op)}${answers(op)}</article>`,
        );
    }
  }
  const sections = [...calls].filter(([, list]) => list.length > 0);
  const about = new Map((document.tags ?? []).map((t) => [t.name, t.description ?? '']));
  const nav = sections
    .map(([tag, list], i) => `<li><a href="#section-${i + 1}">${esc(tag)}</a> (${list.length} קריאות)</li>`)
    .join('');
  const body = sections
    .map(
      ([tag, list], i) =>
        `<section aria-labelledby="section-${i + 1}"><h2 id="section-${i + 1}">${esc(tag)}</h2>${about.get(tag) ? `<p>${esc(about.get(tag) ?? '')}</p>` : ''}${list.join('')}</section>`,
    )
    .join('');
  const title = esc(document.info?.title ?? 'מסמך הממשק');
  return `<!doctype html><html lang="he" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><main><h1>${title}</h1><p>${esc(document.info?.description ?? '')}</p><p>המסמך עצמו, בתקן OpenAPI 3.1: <a href="${esc(documentPath)}">${code(documentPath)}</a></p><nav aria-label="חלקי המסמך"><ul>${nav}</ul></nav>${body}</main></body></html>`;
}
