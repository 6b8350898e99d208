import { SaveAdResponseSchema } from '@app/contract/schemas/publish';
import { ResponseSerializationError, serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerSerializer, plainJsonSchema } from './answer-serializer.ts';

const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/x' });
const compile = (schema: z.ZodType) => answerSerializer(route(schema));
/** What the zod provider's serialiser answers: its text, or the error it throws. */
const byZod = (schema: z.ZodType, data: unknown): string | Error => {
  try {
    return (serializerCompiler(route(schema) as Parameters<typeof serializerCompiler>[0]) as (d: unknown) => string)(
      data,
    );
  } catch (err) {
    return err as Error;
  }
};
const ours = (schema: z.ZodType, data: unknown): string | Error => {
  try {
    return compile(schema)(data);
  } catch (err) {
    return err as Error;
  }
};

/** Each schema, and answers it takes (some with keys it does not name) and answers it refuses. */
const CASES: { name: string; schema: z.ZodType; takes: unknown[]; refuses: unknown[] }[] = [
  {
    name: 'an object strips the keys it does not name',
    schema: z.object({ status: z.literal(200), total: z.number().int(), note: z.string().optional() }),
    takes: [
      { status: 200, total: 3 },
      { status: 200, total: 3, email: 'dana@example.co.il', note: 'א"ב\n\\' },
    ],
    refuses: [{ status: 200, total: 'many' }, { status: 201, total: 3 }, { status: 200, total: 1.5 }, { status: 200 }],
  },
  {
    name: 'numbers: no NaN, no infinity, integers within the safe range',
    schema: z.object({ n: z.number(), i: z.number().int(), p: z.number().positive().max(10) }),
    takes: [
      { n: -0, i: -5, p: 10 },
      { n: 1e-7, i: 9007199254740991, p: 0.5 },
    ],
    refuses: [
      { n: Number.NaN, i: 1, p: 1 },
      { n: Number.POSITIVE_INFINITY, i: 1, p: 1 },
      { n: 1, i: 2 ** 60, p: 1 },
      { n: 1, i: 1, p: 0 },
      { n: 1, i: 1, p: 11 },
    ],
  },
  {
    name: 'nullable and unions, the first option that takes the answer decides what is kept',
    schema: z.object({
      sub: z.number().int().nullable(),
      either: z.union([
        z.object({ kind: z.literal('a'), a: z.string() }),
        z.object({ kind: z.string(), b: z.number() }),
      ]),
      list: z.union([z.string(), z.array(z.string())]),
      flag: z.union([z.literal(0), z.literal(1)]),
    }),
    takes: [
      { sub: null, either: { kind: 'a', a: 'x', b: 2, c: 3 }, list: 'x', flag: 0 },
      { sub: 5, either: { kind: 'b', b: 2, a: 7 }, list: ['x', 'y'], flag: 1 },
    ],
    refuses: [
      { sub: undefined, either: { kind: 'a', a: 'x' }, list: 'x', flag: 0 },
      { sub: 1, either: { kind: 'a' }, list: 'x', flag: 0 },
      { sub: 1, either: { kind: 'a', a: 'x' }, list: [1], flag: 0 },
      { sub: 1, either: { kind: 'a', a: 'x' }, list: 'x', flag: 2 },
    ],
  },
  {
    name: 'records, loose objects and catchalls keep their other keys',
    schema: z.object({
      errors: z.record(z.string(), z.string()),
      loose: z.looseObject({ id: z.number() }),
      counts: z.object({ total: z.number() }).catchall(z.number().int()),
      any: z.unknown(),
    }),
    takes: [
      {
        errors: { price: 'שדה חובה', '2': 'x' },
        loose: { id: 1, extra: { deep: [1, 'ב'] }, skipped: undefined },
        counts: { total: 2.5, a: 1, b: 2 },
        any: { anything: [null, true] },
      },
      { errors: {}, loose: { id: 2 }, counts: { total: 0 }, any: null },
    ],
    refuses: [
      { errors: {}, loose: { id: 2 }, counts: { total: 0 } },
      { errors: { price: 5 }, loose: { id: 1 }, counts: { total: 0 }, any: 1 },
      { errors: {}, loose: { id: '1' }, counts: { total: 0 }, any: 1 },
      { errors: {}, loose: { id: 1 }, counts: { total: 0, a: 1.5 }, any: 1 },
    ],
  },
  {
    name: 'keys are written in the order zod writes them (index-like keys first, as JavaScript orders them)',
    schema: z.looseObject({ b: z.string(), '1': z.string(), inner: z.object({ z: z.number(), a: z.number() }) }),
    takes: [{ a: 'w', '0': 'z', inner: { a: 1, z: 2, y: 3 }, '1': 'y', b: 'x' }],
    refuses: [{ b: 'x', '1': 2, inner: { z: 1, a: 2 } }],
  },
  {
    name: 'lengths are counted as zod counts them (code points), enums and arrays',
    schema: z.object({
      code: z.string().min(2).max(3),
      kind: z.enum(['tracks', 'fromPackage']),
      lines: z.array(z.string()).min(1),
    }),
    takes: [
      { code: '😀😀', kind: 'tracks', lines: ['a'] },
      { code: 'אבג', kind: 'fromPackage', lines: ['', ''] },
    ],
    refuses: [
      { code: 'a', kind: 'tracks', lines: ['a'] },
      { code: '😀', kind: 'tracks', lines: ['a'] },
      { code: '😀😀😀😀', kind: 'tracks', lines: ['a'] },
      { code: 'ab', kind: 'other', lines: ['a'] },
      { code: 'ab', kind: 'tracks', lines: [] },
      'not an object',
      null,
    ],
  },
];

describe('answers through a compiled schema', () => {
  for (const { name, schema, takes, refuses } of CASES) {
    it(`${name}: the same text as zod, the same refusals`, () => {
      expect(plainJsonSchema(schema), 'the schema takes the compiled way').not.toBeNull();
      for (const answer of takes) {
        const expected = byZod(schema, answer);
        expect(typeof expected, JSON.stringify(answer)).toBe('string');
        expect(ours(schema, answer)).toBe(expected);
      }
      for (const answer of refuses) {
        expect(byZod(schema, answer), JSON.stringify(answer)).toBeInstanceOf(ResponseSerializationError);
        expect(ours(schema, answer), JSON.stringify(answer)).toBeInstanceOf(ResponseSerializationError);
      }
    });
  }

  it('save-ad’s answer with its plan step is compiled, and written as zod writes it', () => {
    expect(plainJsonSchema(SaveAdResponseSchema)).not.toBeNull();
    const track = {
      adType: 'VIP',
      headerText: 'VIP',
      description_inner: ['שורה'],
      price: 99.9,
      priceNotTax: 84.66,
      amountAgorot: 9990,
      days: 28,
      giftedDays: 0,
      iscommercial: false,
      isbusinessforsale: false,
      order_subscribe: 0,
      orderType: 3,
      hash: 'h1',
      title: 'VIP',
      description: 'd',
      buttonText: 'b',
      dealColor: 'pink',
      catId: 1,
      internal: 'not named',
    };
    const answer = {
      orderID: 50000001,
      recordID: 50000001,
      OrderID: 50000001,
      RecordID: 50000001,
      chooseOrderType: {
        adData: { OrderID: 50000001, RecordID: 50000001, CatID: 1, SubCatID: null },
        mode: 'tracks',
        orderType: [track, { ...track, hash: 'h2', adType: 'Bold', vipStyle: true }],
        autoBumpPriceAgorot: 1500,
      },
    };
    const text = ours(SaveAdResponseSchema, answer);
    expect(text).toBe(byZod(SaveAdResponseSchema, answer));
    expect(text).not.toContain('not named');
    expect(ours(SaveAdResponseSchema, { ...answer, OrderID: '50000001' })).toBeInstanceOf(ResponseSerializationError);
  });

  it('what JSON Schema cannot say exactly keeps the zod serialiser, and its refusals', () => {
    const refined = z.object({ total: z.number() }).refine((a) => a.total > 0);
    const KEPT = [
      refined,
      z.strictObject({ a: z.string() }),
      z.object({ email: z.email() }),
      z.object({ code: z.string().regex(/^a+$/i) }),
      z.object({ name: z.string().trim() }),
      z.object({ a: z.string().default('x') }),
      z.object({ at: z.date() }),
      z.object({ n: z.string().transform((s) => s.length) }),
      z.record(z.enum(['a', 'b']), z.string()),
      z.object({ n: z.number().multipleOf(0.1) }),
      z.tuple([z.string()]),
    ];
    for (const schema of KEPT) expect(plainJsonSchema(schema)).toBeNull();
    expect(ours(refined, { total: 0 })).toBeInstanceOf(ResponseSerializationError);
    expect(ours(z.strictObject({ a: z.string() }), { a: 'x', b: 1 })).toBeInstanceOf(ResponseSerializationError);
    expect(ours(z.object({ code: z.string().regex(/^a+$/i) }), { code: 'AA' })).toBe('{"code":"AA"}');
    expect(ours(z.object({ name: z.string().trim() }), { name: ' x ' })).toBe('{"name":"x"}');
  });
});
