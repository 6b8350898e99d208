import type { StepDef } from '@app/form-engine/model';
import { describe, expect, it } from 'vitest';
import { freeText, textKeysOf } from './free-text.ts';

const steps = (...fields: StepDef['fields']): StepDef[] => [{ fields } as StepDef];

describe('the text a user wrote', () => {
  it('reads the text fields by wire name, each steps array worked out once', () => {
    const form = steps(
      ...([
        { id: 'description', type: 'textarea' },
        { id: 'title', name: 'title[]', type: 'text' },
        { id: 'price', type: 'number' },
      ] as StepDef['fields']),
    );
    const keys = textKeysOf(form);
    expect([...keys]).toEqual(['description', 'title']);
    // The same steps again (a catalogue's, on every save): the same keys, not worked out again.
    expect(textKeysOf(form)).toBe(keys);
    // Other steps have their own.
    const other = steps({ id: 'notes', type: 'textarea' } as StepDef['fields'][number]);
    expect([...textKeysOf(other)]).toEqual(['notes']);
    expect(freeText({ description: 'שלום', title: ['a', 'b'], price: '5', other: 'x' }, keys)).toBe('שלום\na\nb');
  });
});
