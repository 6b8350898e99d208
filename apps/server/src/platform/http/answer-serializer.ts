/**
 * The answers' serialiser: each route's answer schema, per status, compiled once into a validator (ajv) of its JSON
 * Schema and a copy that keeps what the schema names, instead of the zod provider's encode of the whole answer on
 * every call (a save's answer carries every track of the plan step). The text is JSON.stringify of that copy, which
 * is built as zod builds its output (the schema's keys in order, then a loose object's or a record's own), so the
 * text is the zod serialiser's to the byte.
 *
 * The same guarantees as the provider's serialiser (call-contract.ts):
 * - a field the schema does not name never leaves the server: the copy has only the schema's keys (and a loose
 *   object's, a catchall's or a record's other keys, which zod passes through too);
 * - an answer that does not match its schema is the server's fault: whatever the validator refuses goes to the zod
 *   serialiser, which throws the provider's ResponseSerializationError (the Hebrew 500) with zod's own issues.
 * Only what JSON Schema says exactly as zod checks it takes this way: objects, strings, numbers, integers, booleans,
 * null, literals, enums, arrays, records, unions (nullable among them), loose objects and catchalls, with length
 * and range bounds. A schema with anything else (a refinement, a transform or a codec, a default, a format, a
 * pattern, a strict object, a lazy or a date…), or whose input and output differ, keeps the zod serialiser.
 */
import Ajv from 'ajv';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Json = Record<string, unknown>;
type Serializer = (data: unknown) => string;
type RouteSchema = { schema: unknown; method: string; url: string };

/** The zod checks JSON Schema carries exactly (bounds of a length or a number, and whole numbers). */
const PLAIN_CHECKS = new Set([
  'less_than',
  'greater_than',
  'number_format',
  'min_length',
  'max_length',
  'length_equals',
]);

/** The zod types JSON Schema carries exactly. */
const PLAIN_TYPES = new Set([
  'string',
  'number',
  'int',
  'boolean',
  'null',
  'literal',
  'enum',
  'object',
  'array',
  'record',
  'union',
  'nullable',
  'optional',
  'unknown',
  'any',
]);

/** JSON Schema keywords the validator and the writer read alike; any other keeps the zod serialiser. */
const PLAIN_KEYWORDS = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'propertyNames',
  'items',
  'anyOf',
  'oneOf',
  'const',
  'enum',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'description',
  'title',
  'examples',
]);

/** Number formats whose JSON Schema bounds are the check itself. */
const PLAIN_NUMBER_FORMATS = new Set(['safeint', 'int32', 'uint32', 'float32', 'float64']);

interface ZodInternals {
  _zod: {
    def: {
      type: string;
      checks?: { _zod: { def: { check: string; format?: string } } }[];
      format?: string;
      /** An object's other keys: a strict object's are `never` (refused), a loose object's `unknown`. */
      catchall?: ZodInternals;
      /** A record's keys. */
      keyType?: ZodInternals;
    };
  };
}

/** A record's keys that are any string (no enum, no bounds, no format). */
function plainStringKey(key: ZodInternals): boolean {
  const def = key._zod.def;
  return def.type === 'string' && def.format === undefined && (def.checks ?? []).length === 0;
}

/** Is this zod node one JSON Schema says exactly? (its type and each of its checks) */
function plainNode(schema: unknown): boolean {
  const def = (schema as ZodInternals)._zod.def;
  if (!PLAIN_TYPES.has(def.type)) return false;
  // A string format (email, a pattern, trim…) is a check of the node's own definition.
  if (def.type === 'string' && def.format !== undefined) return false;
  // A strict object refuses other keys, which the writer would only leave out.
  if (def.type === 'object' && def.catchall?._zod.def.type === 'never') return false;
  // A record of an enum's keys wants every key; JSON Schema's propertyNames only limits them.
  if (def.type === 'record' && (def.keyType === undefined || !plainStringKey(def.keyType))) return false;
  return (def.checks ?? []).every((check) => {
    const { check: kind, format } = check._zod.def;
    if (!PLAIN_CHECKS.has(kind)) return false;
    return kind !== 'number_format' || (format !== undefined && PLAIN_NUMBER_FORMATS.has(format));
  });
}

/**
 * The schema as the validator and the writer read it, or null when a keyword is not one they read alike. A strict
 * object's `additionalProperties: false` is dropped: zod strips other keys rather than refusing them, and the
 * writer writes none it was not told of.
 */
function readable(node: unknown): unknown {
  if (Array.isArray(node)) {
    const items = node.map(readable);
    return items.includes(null) ? null : items;
  }
  if (typeof node !== 'object' || node === null) return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node as Json)) {
    if (key === '$schema') continue;
    if (!PLAIN_KEYWORDS.has(key)) return null;
    if (key === 'additionalProperties' && value === false) continue;
    if (key === 'const' || key === 'enum' || key === 'examples' || key === 'description' || key === 'title') {
      out[key] = value;
      continue;
    }
    if (key === 'properties') {
      const properties: Json = {};
      for (const [name, property] of Object.entries(value as Json)) {
        const read = readable(property);
        if (read === null) return null;
        properties[name] = read;
      }
      out[key] = properties;
      continue;
    }
    const read = readable(value);
    if (read === null) return null;
    out[key] = read;
  }
  return out;
}

/** The JSON Schema of a zod schema whose every node is plain and whose input is its output, else null. */
export function plainJsonSchema(schema: z.ZodType): Json | null {
  let plain = true;
  const io = (direction: 'input' | 'output') =>
    z.toJSONSchema(schema, {
      io: direction,
      unrepresentable: 'throw',
      cycles: 'throw',
      reused: 'inline',
      // No registry: a schema with an id (OrderTypeItem) is written in place, not as a $ref to $defs.
      metadata: z.registry(),
      override: (ctx) => {
        if (!plainNode(ctx.zodSchema)) plain = false;
      },
    }) as Json;
  let input: unknown;
  let output: unknown;
  try {
    output = readable(io('output'));
    input = readable(io('input'));
  } catch {
    return null;
  }
  // What is sent is the encoded answer (the input side): the same as the output but for a strict object's word.
  if (!plain || output === null || JSON.stringify(input) !== JSON.stringify(output)) return null;
  return output as Json;
}

/**
 * The validator: every keyword as zod checks it. Lengths count code points (as zod 4 does); NaN and the infinities
 * are no numbers (zod refuses them); nothing is coerced, defaulted or removed.
 */
const ajv = new Ajv({
  strict: false,
  strictNumbers: true,
  allErrors: false,
  coerceTypes: false,
  useDefaults: false,
  removeAdditional: false,
  validateFormats: false,
});

/** A copy of a valid answer that keeps what its schema names; identity where nothing is left out below. */
type Copy = (value: unknown) => unknown;
const same: Copy = (value) => value;

/** Sets a key as an own key, even one named __proto__. */
function put(out: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  else out[key] = value;
}

/** The copy of a (plain, readable) JSON Schema node, for a value the validator took. */
function copyOf(node: Json): Copy {
  const options = (node.anyOf ?? node.oneOf) as Json[] | undefined;
  if (options) {
    // A union: the first option that takes the value decides what is kept, as zod's union.
    const copies = options.map(copyOf);
    if (copies.every((copy) => copy === same)) return same;
    let takes: ((value: unknown) => boolean)[] | undefined;
    return (value) => {
      takes ??= options.map((option) => ajv.compile(option));
      for (const [index, copy] of copies.entries()) if (takes[index]?.(value)) return copy(value);
      return value;
    };
  }
  if (node.items && typeof node.items === 'object') {
    const item = copyOf(node.items as Json);
    return item === same ? same : (value) => (Array.isArray(value) ? value.map((entry) => item(entry)) : value);
  }
  if (node.type === 'object' || node.properties || node.additionalProperties !== undefined) {
    const properties = Object.entries((node.properties ?? {}) as Record<string, Json>).map(
      ([key, property]) => [key, copyOf(property)] as const,
    );
    const declared = new Set(properties.map(([key]) => key));
    const others = node.additionalProperties;
    const other = others === undefined ? undefined : others === true ? same : copyOf(others as Json);
    return (value) => {
      // A node that also takes null or a list (a nullable object written as one type list) copies only objects.
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
      const source = value as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const [key, copy] of properties) {
        const entry = source[key];
        if (entry !== undefined) put(out, key, copy(entry));
      }
      if (other) for (const key of Object.keys(source)) if (!declared.has(key)) put(out, key, other(source[key]));
      return out;
    };
  }
  return same;
}

/**
 * A route's serialiser for one status: the fast one of its plain JSON Schema, else the zod provider's. Fastify asks
 * for every route's serialisers as the app starts: the provider's is made then (it refuses a schema that is not
 * zod's at the start, as before), the fast one at the first answer, so a start does not compile the schemas of
 * answers it may never give.
 */
export function answerSerializer(route: RouteSchema): Serializer {
  const byZod = serializerCompiler(route as Parameters<typeof serializerCompiler>[0]) as Serializer;
  let serializer: Serializer | undefined;
  return (data) => {
    serializer ??= compiled(route.schema, byZod);
    return serializer(data);
  };
}

function compiled(schema: unknown, byZod: Serializer): Serializer {
  if (!(schema instanceof z.ZodType)) return byZod;
  const json = plainJsonSchema(schema);
  if (!json) return byZod;
  const valid = ajv.compile(json);
  const copy = copyOf(json);
  return (data) => (valid(data) ? JSON.stringify(copy(data)) : byZod(data));
}
