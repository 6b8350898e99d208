import type { Values } from '@app/form-engine/model';
import { buildPayload } from '@app/form-engine/payload';
import { resolve } from '@app/form-engine/resolve';
import { testContext } from '@app/form-engine/testing';
import { describe, expect, it } from 'vitest';
import { CONTACT_FIELDS, contactFields, editLoginStep, loginStep, TEST_REPORT_LABEL } from './contact.ts';
import { CONTACT_TEST_VALUES } from './contactTestValues.ts';

describe('the test-report checkbox of the contact step', () => {
  it('is a 0/1 checkbox, off by default, between the virtual number and weekend calls', () => {
    const ids = contactFields().map((f) => f.id);
    expect(ids.slice(ids.indexOf(CONTACT_FIELDS.virtualNum))).toEqual([
      CONTACT_FIELDS.virtualNum,
      CONTACT_FIELDS.virtualCanceled,
      CONTACT_FIELDS.testReport,
      CONTACT_FIELDS.weekendCalls,
    ]);
    expect(contactFields().find((f) => f.id === 'testReport')).toMatchObject({
      type: 'checkbox',
      label: TEST_REPORT_LABEL,
      acceptedValues: '0,1',
      defaultValue: '0',
    });
  });

  it.each([
    ['publish', loginStep()],
    ['edit', editLoginStep()],
  ] as const)('is shown and saved only while the virtual number is ticked (%s)', (mode, step) => {
    const run = (values: Values) => resolve([step], { ...CONTACT_TEST_VALUES, ...values }, testContext({ mode }));
    const ticked = run({ virtual_num: '1', testReport: '1' });
    expect(ticked.fields.testReport).toMatchObject({ visible: true, value: '1' });
    expect(buildPayload(ticked, { mode, cat: 1 })).toMatchObject({ virtual_num: '1', testReport: '1' });
    const unticked = run({ virtual_num: '0', virtual_num_canceled: '1', testReport: '1' });
    expect(unticked.fields.testReport?.visible).toBe(false);
    expect(buildPayload(unticked, { mode, cat: 1 })).not.toHaveProperty('testReport');
    expect(run({ virtual_num: '1' }).fields.testReport?.value).toBe('0');
  });
});
