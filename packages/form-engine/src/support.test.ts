import { describe, expect, it } from 'vitest';
import { listIdOf, optionsRequest, optionsRequestUrl, optionsUrl } from './dataUrl.ts';
import { layoutColumns } from './layout.ts';
import { errorText, redirectMessage, serverErrorText, VALIDATION_MESSAGES } from './messages.ts';
import type { FieldDef, FieldValue } from './model.ts';

describe('dataUrl', () => {
  it.each([
    ['/api/publish/options/vehicle-models', 'vehicle-models'],
    ['/api/publish/options/', undefined],
    ['/api/publish/options/../x', undefined],
    ['https://example.com/api/publish/options/a', undefined],
    [undefined, undefined],
  ])('listIdOf(%o) = %o', (url, id) => {
    expect(listIdOf(url)).toBe(id);
  });

  it('requests carry the parent values named after the parent ids, once all are chosen', () => {
    const model: FieldDef = {
      id: 'model',
      type: 'select',
      dataUrl: optionsUrl('vehicle-models'),
      dependence: ['subcat', 'manufacturer'],
    };
    const values: Record<string, FieldValue> = { subcat: '1', manufacturer: '12' };
    const request = optionsRequest(model, (id) => values[id]);
    expect(request).toEqual({ listId: 'vehicle-models', params: { subcat: '1', manufacturer: '12' } });
    expect(request && optionsRequestUrl(request)).toBe('/api/publish/options/vehicle-models?manufacturer=12&subcat=1');
    expect(optionsRequest(model, (id) => (id === 'subcat' ? '1' : '-1'))).toBeUndefined();
    expect(optionsRequestUrl({ listId: 'vehicle-owners', params: {} })).toBe('/api/publish/options/vehicle-owners');
  });
});

describe('layout', () => {
  it('orders by column, priority, sub-priority, then definition order; titles per column', () => {
    const f = (id: string, column?: number, priority?: number, subPriority?: number) => ({
      def: { id, column, priority, subPriority },
    });
    const columns = layoutColumns({ columnTitles: [{ column: 2, title: 'שני' }] }, [
      f('c', 2, 1),
      f('a', undefined, 2),
      f('b', 1, 1, 2),
      f('d', 1, 1, 1),
      f('e', 1, 1, 1),
    ]);
    expect(columns.map((c) => [c.column, c.title, c.fields.map((x) => x.def.id).join('')])).toEqual([
      [1, undefined, 'deba'],
      [2, 'שני', 'c'],
    ]);
  });
});

describe('messages', () => {
  it('every code has a Hebrew message', () => {
    for (const [code, message] of Object.entries(VALIDATION_MESSAGES)) {
      expect(message({}), code).toMatch(/[\u0590-\u05FF]/);
    }
    expect(errorText({ code: 'chooseFromList', params: { label: 'עיר' } })).toBe('יש לבחור עיר מתוך הרשימה');
  });

  it('redirect flash message and server message cut', () => {
    expect(redirectMessage('משאיות')).toBe('המודעה תפורסם במדור משאיות');
    expect(serverErrorText('שדה חובה - field 17')).toBe('שדה חובה');
    expect(serverErrorText('<b>שגיאה</b>')).toBe('<b>שגיאה</b>');
  });
});
