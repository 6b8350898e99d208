import { describe, expect, it } from 'vitest';
import type { Condition, FieldDef, Option, Values } from './model.ts';
import type { ResolveContext } from './resolution.ts';
import { resolve } from './resolve.ts';
import { step, TODAY, testContext } from './testing.ts';

const opts = (...values: string[]): Option[] => values.map((value) => ({ value, text: `אפשרות ${value}` }));
const sel = (id: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  id,
  type: 'select',
  options: opts('1', '2'),
  ...extra,
});
const txt = (id: string, extra: Partial<FieldDef> = {}): FieldDef => ({ id, type: 'text', ...extra });
const run = (fields: FieldDef[], values: Values, context: Partial<ResolveContext> = {}) =>
  resolve([step(fields)], values, testContext(context));

describe('visible (active)', () => {
  it.each<[string, FieldDef, Values, Partial<ResolveContext>, boolean]>([
    ['no rules', txt('f'), {}, {}, true],
    ['hidden flag', txt('f', { hidden: true }), {}, {}, false],
    ['showcond holds', txt('f', { showcond: { kind: 'field', field: 'a', values: ['1'] } }), { a: '1' }, {}, true],
    ['showcond fails', txt('f', { showcond: { kind: 'field', field: 'a', values: ['1'] } }), { a: '2' }, {}, false],
    [
      'showcond -4 without a value',
      txt('f', { showcond: { kind: 'field', field: 'a', values: ['-4'] } }),
      {},
      {},
      false,
    ],
    ['A/B test active', txt('f', { showOnABTest: 'x' }), {}, { abTests: new Set(['x']) }, true],
    ['A/B test inactive', txt('f', { showOnABTest: 'x' }), {}, {}, false],
    ['trader field for a trader', txt('f', { isTraderRequest: true }), {}, { isTrader: true }, true],
    ['trader field for a private publisher', txt('f', { isTraderRequest: true }), {}, {}, false],
    ['private field for a trader', txt('f', { isTraderRequest: false }), {}, { isTrader: true }, false],
  ])('%s', (_name, def, values, context, visible) => {
    expect(run([sel('a'), def], values, context).fields.f?.visible).toBe(visible);
  });

  it('a hidden field reads as not chosen, so fields that need it hide too', () => {
    const fields = [
      sel('a'),
      sel('b', { showcond: { kind: 'field', field: 'a', values: ['1'] } }),
      txt('c', { showcond: { kind: 'field', field: 'b', values: ['-4'] } }),
    ];
    expect(run(fields, { a: '1', b: '2' }).fields.c?.visible).toBe(true);
    const hidden = run(fields, { a: '2', b: '2' });
    expect(hidden.fields.b?.visible).toBe(false);
    expect(hidden.fields.c?.visible).toBe(false);
    expect(hidden.values.b).toBe('2'); // kept, not lost: it comes back when a is 1 again
  });

  it('hidden means not required and not validated: its errors are cleared', () => {
    const f = txt('f', { isRequired: true, maxlength: 2, showcond: { kind: 'field', field: 'a', values: ['1'] } });
    expect(run([sel('a'), f], { a: '1', f: 'abc' }).errors.map((e) => e.code)).toEqual(['tooLong']);
    const hidden = run([sel('a'), f], { a: '2', f: 'abc' });
    expect(hidden.errors).toEqual([]);
    expect(hidden.fields.f?.required).toBe(false);
  });

  it('a step flagged for an A/B test hides its fields unless the test is active', () => {
    const steps = [step([txt('f', { isRequired: true })], { showOnABTest: 'search' })];
    expect(resolve(steps, {}, testContext()).steps[0]).toMatchObject({ visible: false, errors: [], complete: true });
    expect(resolve(steps, {}, testContext({ abTests: new Set(['search']) })).steps[0]?.complete).toBe(false);
  });

  it('resolves a field after the fields it reads, whatever the definition order', () => {
    const fields = [
      txt('c', { showcond: { kind: 'field', field: 'b', values: ['-4'] } }),
      sel('b', { dependence: ['a'] }),
      sel('a'),
    ];
    expect(run(fields, { a: '1', b: '1' }).fields.c?.visible).toBe(true);
  });
});

describe('enabled', () => {
  it.each<[string, FieldDef, Values, boolean]>([
    ['disabled until every parent has a value', sel('f', { dependence: ['a', 'b'] }), { a: '1' }, false],
    ['enabled once all parents have values', sel('f', { dependence: ['a', 'b'] }), { a: '1', b: '2' }, true],
    ['a parent at -1 has no value', sel('f', { dependence: ['a'] }), { a: '-1' }, false],
    [
      'dependenceOpposite: disabled while the other has a value',
      txt('f', { dependenceOpposite: ['a'] }),
      { a: '1' },
      false,
    ],
    ['dependenceOpposite: enabled while it is empty', txt('f', { dependenceOpposite: ['a'] }), {}, true],
    [
      'toggleByOtherField holds',
      txt('f', { toggleByOtherField: { kind: 'field', field: 'a', values: ['2'] } }),
      { a: '2' },
      true,
    ],
    [
      'toggleByOtherField fails',
      txt('f', { toggleByOtherField: { kind: 'field', field: 'a', values: ['2'] } }),
      { a: '1' },
      false,
    ],
    ['disabled', txt('f', { disabled: true }), {}, false],
    ['disabledAlways', txt('f', { disabledAlways: true }), {}, false],
  ])('%s', (_name, def, values, enabled) => {
    expect(run([sel('a'), sel('b'), def], values).fields.f?.enabled).toBe(enabled);
  });

  it('a dependent list with no choices disables the select (and so it is not required)', () => {
    const f = sel('f', { options: undefined, dataUrl: '/api/publish/options/x', dependence: ['a'], isRequired: true });
    const result = run([sel('a'), f], { a: '1' }, { options: () => [] });
    expect(result.fields.f).toMatchObject({ enabled: false, required: false, options: [] });
    expect(result.errors).toEqual([]);
  });

  it('a dependent list not fetched yet is loading; its required rule still holds', () => {
    const f = sel('f', { options: undefined, dataUrl: '/api/publish/options/x', dependence: ['a'], isRequired: true });
    const result = run([sel('a'), f], { a: '1' });
    expect(result.fields.f).toMatchObject({ loading: true, enabled: true, options: undefined });
    expect(result.errors.map((e) => e.code)).toEqual(['required']);
  });
});

describe('required', () => {
  const gt = (value: string, op: '==' | '!=' | '>' | '<') =>
    txt('f', { condRequired: { kind: 'field', field: 'n', op, values: [value] } });
  it.each<[string, FieldDef, Values, boolean]>([
    ['isRequired', txt('f', { isRequired: true }), {}, true],
    ['not required', txt('f'), {}, false],
    ['condRequired ==', gt('3', '=='), { n: '3' }, true],
    ['condRequired == (other value)', gt('3', '=='), { n: '4' }, false],
    ['condRequired !=', gt('3', '!='), { n: '4' }, true],
    ['condRequired >', gt('3', '>'), { n: '4' }, true],
    ['condRequired > (equal)', gt('3', '>'), { n: '3' }, false],
    ['condRequired <', gt('3', '<'), { n: '2' }, true],
    ['condRequired < (no value)', gt('3', '<'), {}, false],
    [
      'multipleRequiredObject: none of the group filled',
      txt('f', { isRequired: true, multipleRequiredObject: { fields: ['n'] } }),
      {},
      true,
    ],
    [
      'multipleRequiredObject: another of the group filled',
      txt('f', { isRequired: true, multipleRequiredObject: { fields: ['n'] } }),
      { n: '5' },
      false,
    ],
    ['disabled fields are never required', txt('f', { isRequired: true, disabled: true }), {}, false],
  ])('%s', (_name, def, values, required) => {
    expect(run([txt('n'), def], values).fields.f?.required).toBe(required);
  });
});

describe('options', () => {
  const colours: Option[] = [
    { value: '10', text: 'לבן שנהב', attrs: { group: 1 } },
    { value: '11', text: 'לבן פנינה', attrs: { group: 1 } },
    { value: '20', text: 'שחור', attrs: { group: 2 } },
  ];
  const colour = sel('colour', { options: colours, filterByOtherField: { field: 'group', optionKey: 'group' } });

  it('filterByOtherField keeps the options of the other field value', () => {
    expect(run([sel('group'), colour], { group: '1' }).fields.colour?.options?.map((o) => o.value)).toEqual([
      '10',
      '11',
    ]);
  });

  it('filterByOtherField makes the other field a parent: disabled until it has a value', () => {
    expect(run([sel('group'), colour], {}).fields.colour).toMatchObject({ enabled: false, options: undefined });
  });

  it('optionRules disable an option unless their condition holds (owner 14 needs hand 0)', () => {
    const owner = sel('owner', {
      options: opts('1', '14'),
      optionRules: [{ values: ['14'], enabledWhen: { kind: 'field', field: 'hand', values: ['0'] } }],
    });
    const disabled = (hand: string) =>
      run([sel('hand'), owner], { hand }).fields.owner?.options?.find((o) => o.value === '14')?.disabled;
    expect(disabled('0')).toBe(false);
    expect(disabled('2')).toBe(true);
    expect(run([sel('hand'), owner], { hand: '2', owner: '14' }).errors.map((e) => e.code)).toEqual(['invalidValue']);
  });

  it('asks the caller for a dependent list only when every parent has a value, with the settled values', () => {
    const asked: Values[] = [];
    const f = sel('f', { options: undefined, dataUrl: '/api/publish/options/x', dependence: ['a'] });
    const options = (_field: FieldDef, values: Values) => {
      asked.push({ a: values.a });
      return opts('7', '8');
    };
    run([sel('a'), f], {}, { options });
    expect(asked).toEqual([]);
    run([sel('a'), f], { a: '2' }, { options });
    expect(asked).toEqual([{ a: '2' }]);
  });

  it('a caller whose list lookup throws does not break the resolver', () => {
    const f = sel('f', { options: undefined, dataUrl: '/api/publish/options/x' });
    const options = () => {
      throw new Error('boom');
    };
    expect(run([f], {}, { options }).fields.f?.loading).toBe(true);
  });
});

describe('value after dependency resets', () => {
  const cascade = [
    sel('maker'),
    sel('model', { dependence: ['maker'] }),
    sel('year', { dependence: ['model'] }),
    txt('note', { dependence: ['year'] }),
  ];
  const full = { maker: '1', model: '2', year: '1', note: 'x' };

  it('a parent change resets every dependant, transitively (-1 for selects, empty text)', () => {
    const result = run(cascade, { ...full, maker: '2' }, { changed: 'maker' });
    expect(result.values).toMatchObject({ maker: '2', model: '-1', year: '-1', note: '' });
  });

  it('without a change nothing is reset (the server validates what it got)', () => {
    expect(run(cascade, full).values).toMatchObject(full);
  });

  it('a change of an unrelated field resets nothing', () => {
    expect(run([...cascade, txt('other')], { ...full, other: 'y' }, { changed: 'other' }).values).toMatchObject(full);
  });

  it('edit mode keeps dependants unless allowEditDependence', () => {
    const fields = [
      sel('maker'),
      sel('model', { dependence: ['maker'] }),
      sel('year', { dependence: ['maker'], allowEditDependence: true }),
    ];
    const result = run(fields, { maker: '2', model: '2', year: '2' }, { mode: 'edit', changed: 'maker' });
    expect(result.values).toMatchObject({ model: '2', year: '-1' });
  });

  it('resetValueOnChange returns the field to its default', () => {
    const fields = [sel('a'), txt('f', { defaultValue: 'ברירת מחדל', resetValueOnChange: ['a'] })];
    expect(run(fields, { a: '2', f: 'x' }, { changed: 'a' }).values.f).toBe('ברירת מחדל');
    expect(run(fields, { a: '2', f: 'x' }).values.f).toBe('x');
  });

  it('changeByOtherField copies the new value, or maps it', () => {
    const copy = [sel('year'), txt('roadYear', { changeByOtherField: { field: 'year' } })];
    expect(run(copy, { year: '2', roadYear: '1' }, { changed: 'year' }).values.roadYear).toBe('2');
    const mapped = [sel('boat'), sel('engine', { changeByOtherField: { field: 'boat', map: { '2': '1' } } })];
    expect(run(mapped, { boat: '2', engine: '2' }, { changed: 'boat' }).values.engine).toBe('1');
    expect(run(mapped, { boat: '1', engine: '2' }, { changed: 'boat' }).values.engine).toBe('2');
  });

  it('a select with a single remaining option takes it', () => {
    const f = sel('f', { options: undefined, dataUrl: '/api/publish/options/x', dependence: ['a'] });
    expect(run([sel('a'), f], { a: '1' }, { options: () => opts('9') }).values.f).toBe('9');
    expect(run([sel('a'), f], { a: '1' }, { options: () => opts('8', '9') }).values.f).toBeUndefined();
    const withDisabled = sel('g', {
      options: opts('1', '14'),
      optionRules: [{ values: ['14'], enabledWhen: { kind: 'mode', is: 'edit' } }],
    });
    expect(run([withDisabled], {}).values.g).toBe('1');
  });

  it('a chosen option disabled by the change that just happened is reset', () => {
    const owner = sel('owner', {
      options: opts('1', '3', '14'),
      optionRules: [{ values: ['14'], enabledWhen: { kind: 'field', field: 'hand', values: ['0'] } }],
    });
    expect(
      run([sel('hand', { options: opts('0', '2') }), owner], { hand: '2', owner: '14' }, { changed: 'hand' }).values
        .owner,
    ).toBe('-1');
  });

  it('defaultValue applies when the value was never given', () => {
    expect(run([txt('f', { defaultValue: 'x' })], {}).values.f).toBe('x');
    expect(run([txt('f', { defaultValue: 'x' })], { f: '' }).values.f).toBe('');
  });
});

describe('edit mode, ghost, immediate dates', () => {
  it('in edit mode a dependent select with no options left hides', () => {
    const f = sel('f', { options: undefined, dataUrl: '/api/publish/options/x', dependence: ['a'] });
    expect(run([sel('a'), f], { a: '1' }, { mode: 'edit', options: () => [] }).fields.f?.visible).toBe(false);
    expect(run([sel('a'), f], { a: '1' }, { mode: 'publish', options: () => [] }).fields.f?.visible).toBe(true);
  });

  it('a ghost field is a ghost while empty', () => {
    expect(run([txt('f', { ghost: true })], {}).fields.f?.ghost).toBe(true);
    expect(run([txt('f', { ghost: true })], { f: 'x' }).fields.f?.ghost).toBe(false);
  });

  it('isImmediate: today is immediate; with y2date a past preset date becomes today', () => {
    const d = (extra: Partial<FieldDef>): FieldDef => ({ id: 'd', type: 'date', isImmediate: true, ...extra });
    expect(run([d({})], { d: '15/03/2026' }).fields.d).toMatchObject({ immediate: true, value: '15/03/2026' });
    expect(run([d({})], { d: '01/01/2026' }).fields.d?.immediate).toBe(false);
    expect(run([d({ y2date: true })], { d: '01/01/2026' }).fields.d).toMatchObject({
      immediate: true,
      value: '15/03/2026',
    });
    expect(TODAY).toBe('2026-03-15');
  });

  it('dateAutoSelectObject sets today while the other field matches', () => {
    const d: FieldDef = { id: 'd', type: 'date', dateAutoSelectObject: { field: 'now', values: ['1'] } };
    const now: FieldDef = { id: 'now', type: 'checkbox' };
    expect(run([now, d], { now: '1', d: '' }).fields.d).toMatchObject({ value: '15/03/2026', immediate: true });
    expect(run([now, d], { now: '0', d: '' }).fields.d).toMatchObject({ value: '', immediate: false });
  });
});

describe('steps and redirects', () => {
  it('a step is complete exactly when its validation passes; check false is not validated', () => {
    const steps = [step([txt('a', { isRequired: true })]), step([txt('b', { isRequired: true })], { check: false })];
    const result = resolve(steps, {}, testContext());
    expect(result.steps.map((s) => s.complete)).toEqual([false, true]);
    expect(result.errors).toEqual([{ field: 'a', code: 'required', params: {} }]);
    expect(resolve(steps, { a: 'x' }, testContext()).steps[0]?.complete).toBe(true);
  });

  it('a watcher redirects when its field takes a listed value', () => {
    const to = { cat: 1, subcat: 9, section: 'משאיות' };
    const watcher = sel('t', { redirectOnChange: [{ values: ['2'], to }] });
    expect(run([watcher], { t: '2' }).redirect).toEqual({ field: 't', to });
    expect(run([watcher], { t: '1' }).redirect).toBeUndefined();
    const option = sel('u', { options: [{ value: '5', text: 'משאית', redirectTo: to }, ...opts('1')] });
    expect(run([option], { u: '5' }).redirect).toEqual({ field: 'u', to });
  });
});

describe('hostile input', () => {
  it('values named like Object.prototype keys are plain values', () => {
    const mapped = [sel('boat'), sel('engine', { changeByOtherField: { field: 'boat', map: { '2': '1' } } })];
    expect(run(mapped, { boat: '__proto__', engine: '2' }, { changed: 'boat' }).values.engine).toBe('2');
  });

  it('a list lookup that does not answer a list counts as not known', () => {
    const f = sel('f', { options: undefined, dataUrl: '/api/publish/options/x' });
    expect(run([f], {}, { options: () => ({}) as unknown as Option[] }).fields.f).toMatchObject({
      loading: true,
      options: undefined,
    });
  });
});

describe('settled values', () => {
  it('an option reset by a change still takes the single remaining choice (resolving again changes nothing)', () => {
    const owner = sel('owner', {
      options: opts('1', '14'),
      optionRules: [{ values: ['14'], enabledWhen: { kind: 'field', field: 'hand', values: ['0'] } }],
    });
    const fields = [sel('hand', { options: opts('0', '2') }), owner];
    const first = run(fields, { hand: '2', owner: '14' }, { changed: 'hand' });
    expect(first.values.owner).toBe('1');
    expect(run(fields, first.values).values).toEqual(first.values);
  });
});

describe('work kept per definition', () => {
  // The server resolves every saved ad and the browser every key press: what depends on the definition alone is
  // worked out once per definition object, and a list without option rules resolves to the same answer.
  it('a list without option rules resolves to the same frozen answer every time', () => {
    const steps = [step([sel('a'), sel('b', { dependence: ['a'] })])];
    const first = resolve(steps, { a: '1' }, testContext());
    const again = resolve(steps, { a: '2', b: '1' }, testContext());
    expect(again.fields.a?.options).toBe(first.fields.a?.options);
    expect(again.fields.b?.options).toBe(first.fields.b?.options);
    expect(Object.isFrozen(first.fields.a?.options)).toBe(true);
    expect(Object.isFrozen(first.fields.a?.options?.[0])).toBe(true);
    expect(first.fields.a?.options?.map((o) => o.disabled)).toEqual([false, false]);
  });

  it('a lookup list the caller keeps is resolved once; a new list is resolved anew', () => {
    const kept = opts('7', '8');
    const f = sel('f', { options: undefined, dataUrl: '/api/publish/options/x' });
    const withKept = () => run([f], {}, { options: () => kept }).fields.f?.options;
    expect(withKept()).toBe(withKept());
    const fresh = () => run([f], {}, { options: () => opts('7', '8') }).fields.f?.options;
    expect(fresh()).not.toBe(fresh());
    expect(fresh()).toEqual(withKept());
  });

  it('option rules still decide per values (their answers are not kept)', () => {
    const owner = sel('owner', {
      options: opts('1', '14'),
      optionRules: [{ values: ['14'], enabledWhen: { kind: 'field', field: 'hand', values: ['0'] } }],
    });
    const fields = [sel('hand', { options: opts('0', '2') }), owner];
    const disabled = (hand: string) => run(fields, { hand }).fields.owner?.options?.map((o) => o.disabled);
    expect(disabled('0')).toEqual([false, false]);
    expect(disabled('2')).toEqual([false, true]);
  });

  it('the resolving order is worked out once per steps array', () => {
    const fields = [sel('x'), sel('y')];
    const steps = [step(fields)];
    expect(Object.keys(resolve(steps, {}, testContext()).fields)).toEqual(['x', 'y']);
    // A definition changed in place is not seen again: definitions are immutable once loaded.
    fields.reverse();
    expect(Object.keys(resolve(steps, {}, testContext()).fields)).toEqual(['x', 'y']);
    expect(Object.keys(resolve([step(fields)], {}, testContext()).fields)).toEqual(['y', 'x']);
  });
});

describe('texts by condition and notifications', () => {
  const rent: Condition = { kind: 'field', field: 'deal', values: ['2'] };
  const price = txt('price', {
    label: 'מחיר',
    tooltip: { after: 'מודעה עם מחיר מקבלת יותר פניות' },
    accordionBrief: { postfix: ' ₪' },
    textsWhen: [
      { when: rent, label: 'מחיר לחודש', accordionBrief: { postfix: ' ₪ לחודש' } },
      { when: { kind: 'field', field: 'deal', values: ['-4'] }, notification: 'בחרו עסקה' },
    ],
  });

  it('the first entry that holds gives its texts; none: the field’s own', () => {
    expect(run([sel('deal'), price], {}).fields.price?.def.label).toBe('מחיר');
    const rented = run([sel('deal'), price], { deal: '2', price: '5000' }).fields.price?.def;
    expect(rented).toMatchObject({ label: 'מחיר לחודש', accordionBrief: { postfix: ' ₪ לחודש' } });
    expect(rented?.tooltip).toEqual({ after: 'מודעה עם מחיר מקבלת יותר פניות' });
    expect(rented?.notification).toBeUndefined();
    const sold = run([sel('deal'), price], { deal: '1' }).fields.price?.def;
    expect(sold).toMatchObject({ label: 'מחיר', notification: 'בחרו עסקה' });
  });

  it('a hidden controlling field reads as not chosen; the texts never change a rule', () => {
    const hiddenDeal = sel('deal', { hidden: true });
    expect(run([hiddenDeal, price], { deal: '2' }).fields.price?.def.label).toBe('מחיר');
    const required = { ...price, isRequired: true };
    const resolution = run([sel('deal'), required], { deal: '2' });
    expect(resolution.fields.price?.required).toBe(true);
    expect(resolution.errors).toEqual([{ field: 'price', code: 'required', params: {} }]);
  });

  it('the merged definition is the same object from one resolve to the next', () => {
    const fields = [sel('deal'), price];
    const steps = [step(fields)];
    const a = resolve(steps, { deal: '2' }, testContext()).fields.price?.def;
    const b = resolve(steps, { deal: '2', price: '1' }, testContext()).fields.price?.def;
    expect(a).toBe(b);
    expect(a).not.toBe(price);
  });

  it('a notification is not an error: the step is complete with it', () => {
    const noticed = txt('description', { notification: 'אין לכלול דרישה לגיל או מין', isRequired: true });
    const empty = run([noticed], {});
    expect(empty.fields.description?.def.notification).toBe('אין לכלול דרישה לגיל או מין');
    expect(empty.errors.map((e) => e.code)).toEqual(['required']);
    const filled = run([noticed], { description: 'מטפלת לתינוק' });
    expect(filled.errors).toEqual([]);
    expect(filled.steps[0]?.complete).toBe(true);
  });
});
