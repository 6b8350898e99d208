/**
 * The API's OpenAPI 3.1 document, made by @fastify/swagger from the routes' own zod schemas (the provider's
 * jsonSchemaTransform), served at GET /api/openapi.json, and its reference page for integrators at /api/docs (the
 * same document as a Hebrew page, openapi-page.ts, under the pages' headers and CSP). The customer calls and the
 * staff console's (/api/operator/...) are two sections (tags). A route whose schema says `hide: true` (the sandbox
 * surfaces, the internal routes) and a route that declares no answers yet are not in the document.
 * docs/api/openapi.json is the document as committed: `npm run openapi` writes it, and a test fails when they differ.
 */
import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type OpenApiDocument, openApiPage } from './openapi-page.ts';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';

/** The document's two sections, in Hebrew as the rest of the product. */
export const OPENAPI_TAGS = {
  customer: 'לקוחות',
  console: 'מסוף הצוות',
} as const;

/** The staff console's calls: their own section. */
const CONSOLE_PREFIX = '/api/operator/';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/** What each answer's status means, as the document says it (the answer's own description when it has one). */
const ANSWERS: Record<string, string> = {
  200: 'התשובה',
  400: 'הבקשה אינה תואמת את הסכמה, או שאינה תקינה: הודעה בעברית (או שגיאות השדות)',
  401: 'לא מחוברים למסוף',
  403: 'אין הרשאה לקריאה, או שבדיקת ה-CSRF נכשלה',
  404: 'לא נמצא',
  409: 'המצב השתנה בינתיים',
  413: 'גוף הבקשה גדול מדי',
  415: 'סוג התוכן אינו נתמך',
  422: 'נדרשת התחברות',
  429: 'נשלחו בקשות רבות מדי',
  500: 'שגיאה בשרת, עם המזהה של הבקשה',
  503: 'השרת עמוס או נסגר: לנסות שוב מאוחר יותר',
};

/** A route's part of the document: its schemas as JSON Schema, in its section; hidden when it declares no answers. */
function transform(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const schema = input.schema as { response?: unknown; hide?: boolean; tags?: string[] } | undefined;
  if (!schema?.response || schema.hide) return { schema: { hide: true }, url: input.url };
  const out = jsonSchemaTransform(input);
  const own = out.schema as { tags?: string[]; response?: Record<string, { description?: string }> };
  own.tags ??= [input.url.startsWith(CONSOLE_PREFIX) ? OPENAPI_TAGS.console : OPENAPI_TAGS.customer];
  for (const [status, answer] of Object.entries(own.response ?? {})) answer.description ??= ANSWERS[status];
  return out;
}

/**
 * The document as the repository keeps it: two-space JSON and a final newline, the components by name (they are
 * listed in the order their modules were loaded, which a test process does not fix).
 */
export function openApiText(document: object): string {
  const { components } = document as { components?: { schemas?: Record<string, unknown> } };
  const schemas = components?.schemas;
  const sorted = schemas
    ? {
        ...document,
        components: {
          ...components,
          schemas: Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
        },
      }
    : document;
  return `${JSON.stringify(sorted, null, 2)}\n`;
}

/** Any JSON document (the served OpenAPI document). */
const JsonDocumentSchema = z.record(z.string(), z.unknown());

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'ממשק הפרסום של לוח המודעות',
        description:
          'הקריאות של אתר פרסום המודעות: הלקוחות (האשף, אחרי השמירה, צור קשר) ומסוף הצוות. כל תשובה בעברית; בקשה שאינה תואמת את הסכמה נענית ב-400 (או 404 לכתובת שאינה קיימת) עם הודעה בעברית.',
        version: '1',
      },
      tags: [
        { name: OPENAPI_TAGS.customer, description: 'הקריאות של האתר ושל הלקוחות' },
        { name: OPENAPI_TAGS.console, description: 'הקריאות של מסוף הצוות, לבעלי תפקיד מחוברים בלבד' },
      ],
    },
    transform,
    // The schemas with an id (schemas/common.ts: the refusal, the field error…) are components, named once.
    transformObject: jsonSchemaTransformObject,
  });

  // Made once, when first asked (every route is known by then).
  let served: string | undefined;
  app.get(OPENAPI_PATH, { schema: { hide: true, response: { 200: JsonDocumentSchema } } }, async (_req, reply) => {
    served ??= JSON.stringify(app.swagger());
    return reply.type('application/json; charset=utf-8').send(served);
  });

  // The reference page: a page for people (the pages' headers and CSP, not an API answer's), hidden from the
  // document it shows; made once, when first asked.
  let page: string | undefined;
  app.get(
    DOCS_PREFIX,
    { config: { page: true }, schema: { hide: true, response: { 200: z.string() } } },
    async (_req, reply) => {
      page ??= openApiPage(app.swagger() as OpenApiDocument, OPENAPI_PATH);
      return reply.type('text/html; charset=utf-8').send(page);
    },
  );
}
