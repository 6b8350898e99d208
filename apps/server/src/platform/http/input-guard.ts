import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { he } from '../../i18n/messages.ts';

/**
 * True when a string cannot be stored or compared by PostgreSQL as text: a NUL (U+0000) or a lone UTF-16
 * surrogate (not well-formed Unicode).
 */
export function isUnstorableText(s: string): boolean {
  // Almost every string has no surrogate at all: a plain character scan decides before the look-around pattern.
  return s.includes('\u0000') || (SURROGATE.test(s) && LONE_SURROGATE.test(s));
}

/** Any surrogate, paired or not. */
const SURROGATE = /[\uD800-\uDFFF]/;

/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether any string in a decoded value (keys and values, at any depth) is unstorable. */
export function containsUnstorableText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return isUnstorableText(value);
  // Bytes (a multipart file part) are no text.
  if (value === null || typeof value !== 'object' || depth > 64 || ArrayBuffer.isView(value)) return false;
  if (Array.isArray(value)) return value.some((v) => containsUnstorableText(v, depth + 1));
  const record = value as Record<string, unknown>;
  for (const key in record) {
    if (!Object.hasOwn(record, key)) continue;
    if (isUnstorableText(key) || containsUnstorableText(record[key], depth + 1)) return true;
  }
  return false;
}

/**
 * Refuses, once at the edge, every call whose decoded query string, path parameters or parsed body (JSON or
 * form) holds a NUL or a lone surrogate: 400 with a Hebrew message before any handler runs, so nothing reaches
 * the database (which would refuse it with a 500) and nothing is logged as a server error.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', guardInput);
}

/**
 * The guard itself (a callback hook: no promise per request). A scope that parses its body in a later
 * preValidation hook (multipart with attachFieldsToBody) adds it again after that hook, so the multipart fields
 * are checked the same way.
 */
export function guardInput(req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  if (containsUnstorableText(req.query) || containsUnstorableText(req.params) || containsUnstorableText(req.body)) {
    reply.code(400).send({ status: 400, message: he.unsupportedCharacters });
    return;
  }
  done();
}
