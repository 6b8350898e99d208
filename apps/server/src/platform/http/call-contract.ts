/**
 * Every call declared once: a route's `schema` names its params, querystring, body and headers and each answer by
 * status, as zod schemas from packages/contract (src/schemas/). The zod type provider (fastify-type-provider-zod)
 * validates the request with them; each answer is serialised through its status's schema (answer-serializer.ts: a
 * validator and a writer compiled once from it, else the provider's zod serialiser), so a field the schema does not
 * name never leaves the server; @fastify/swagger makes the OpenAPI document of them (openapi.ts).
 *
 * A schema failure is answered here, in Hebrew and in the product's shape: a path that names nothing (params) is
 * 404 `{ status, message }`, any other part 400 `{ status, message }`; a route that answers its own shape (field
 * errors, its own message) says so with `config.invalidInput`. An answer that does not match its own schema is the
 * server's fault: logged, 500 with the request's hash.
 */
import { RefusalSchema, ServerFailureSchema } from '@app/contract/schemas/common';
import type { FastifyError, FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  ResponseSerializationError,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { he } from '../../i18n/messages.ts';
import { answerSerializer } from './answer-serializer.ts';

/** The parts of a request a schema checks. */
export type InputPart = 'body' | 'querystring' | 'params' | 'headers';

/** One problem the schema found: where (the keys down to the value) and zod's code for it (too_small, …). */
export interface InputIssue {
  path: string[];
  code: string;
}

/** What a route answers to a request its schema refused: the HTTP status and the body (it must fit that status's schema). */
export interface Refusal {
  status: number;
  body: unknown;
}

/** A route's own answer to a refused request: from the part, its problems (in the schema's order) and the request. */
export type InvalidInputAnswer = (part: InputPart, issues: InputIssue[], req: FastifyRequest) => Refusal;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's answer to a request its schema refuses (call-contract.ts); by default 404 for params, else 400. */
    invalidInput?: InvalidInputAnswer;
  }
}

/** A refusal with a message: `{ status, message }`. */
export const refusal = (status: number, message: string): Refusal => ({ status, body: { status, message } });

/**
 * A customer's call about one of their ads (`preValidation: app.customerOnly`, then `app.requireOwnAd`): its
 * refusals (a guest 422, an ad that is not theirs or an address that names none 404) and its config.
 */
export const OWN_AD_REFUSALS = { 404: RefusalSchema, 422: RefusalSchema } as const;
export const OWN_AD_CONFIG = { invalidInput: () => refusal(404, he.adNotFound) };

/**
 * The options of a customer's call about one of their ads named in its path: its documentation, the path's schema,
 * the answer, login first (`app.customerOnly`), and the own-ad refusals and config above.
 */
export const ownAdCall = <Params extends z.ZodType, Ok extends z.ZodType>(
  app: FastifyInstance,
  doc: { summary: string; description?: string },
  params: Params,
  ok: Ok,
) => ({
  schema: { ...doc, params, response: { 200: ok, ...OWN_AD_REFUSALS } },
  preValidation: app.customerOnly,
  config: OWN_AD_CONFIG,
});

/** The answer of any refused part: this message with 400, and the default 404 for a path that names nothing. */
export const refuseWith =
  (message: string): InvalidInputAnswer =>
  (part) =>
    part === 'params' ? refusal(404, he.notFound) : refusal(400, message);

/** The default: a path that names nothing is not found; anything else is a bad request. */
const byDefault: InvalidInputAnswer = (part) =>
  part === 'params' ? refusal(404, he.notFound) : refusal(400, he.badRequest);

/**
 * Answers every declared route may give besides its own (platform/http: the input guard's and the parsers' 400,
 * 413 and 415, the CSRF check's 403, the overload's 503, the error handler's 500). A route that declares one of these
 * statuses itself keeps its schema, joined with the refusal's, which the platform may still send.
 */
const PLATFORM_ANSWERS: Record<string, z.ZodType> = {
  400: RefusalSchema,
  500: ServerFailureSchema,
  503: RefusalSchema,
};
const BODY_ANSWERS: Record<string, z.ZodType> = { 403: RefusalSchema, 413: RefusalSchema, 415: RefusalSchema };
const HAS_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The answer maps already given the platform's answers (a GET's HEAD route shares its schema). */
const completed = new WeakSet<object>();

function withPlatformAnswers(route: RouteOptions): void {
  const response = route.schema?.response as Record<string, z.ZodType> | undefined;
  if (!response || completed.has(response)) return;
  completed.add(response);
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const common = methods.some((m) => HAS_BODY.has(m)) ? { ...PLATFORM_ANSWERS, ...BODY_ANSWERS } : PLATFORM_ANSWERS;
  for (const [status, schema] of Object.entries(common)) {
    const own = response[status];
    response[status] = own === undefined || own === schema ? schema : z.union([own, schema]);
  }
}

/** Sets the zod validator and the answers' serialiser on the app, and the platform's answers on every declared route. */
export function registerCallContract(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializer);
  app.addHook('onRoute', withPlatformAnswers);
}

/** The answer to a request its route's schema refused, or null when the error is no schema failure. */
export function inputRefusal(err: unknown, req: FastifyRequest): Refusal | null {
  if (!hasZodFastifySchemaValidationErrors(err)) return null;
  const part = ((err as FastifyError).validationContext ?? 'body') as InputPart;
  const issues = err.validation.map((v) => ({
    path: v.instancePath.split('/').filter(Boolean),
    code: v.keyword,
  }));
  return (req.routeOptions.config.invalidInput ?? byDefault)(part, issues, req);
}

/** An answer that does not match its own schema: the server's fault (a 500), never the caller's. */
export const isAnswerMismatch = (err: unknown): boolean => err instanceof ResponseSerializationError;
