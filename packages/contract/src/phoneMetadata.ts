/**
 * libphonenumber-js 1.13.16 "min" metadata for Israel (+972) only, written by scripts/phone-metadata.mjs: the
 * product validates Israeli numbers alone, and the library's own metadata (every country) would add about 26 KB to
 * the wizard's code. phones.test.ts checks it still equals the installed library's.
 */
import type { MetadataJson } from 'libphonenumber-js/core';

export const IL_METADATA = {
  version: 4,
  country_calling_codes: { '972': ['IL'] },
  countries: {
    IL: [
      '972',
      '0(?:0|1(?:05|[2-9]))',
      '1\\d{6}(?:\\d{3,5})?|[57]\\d{8}|[1-489]\\d{7}',
      [7, 8, 9, 10, 11, 12],
      [
        ['(\\d{4})(\\d{3})', '$1-$2', ['125']],
        ['(\\d{4})(\\d{2})(\\d{2})', '$1-$2-$3', ['121']],
        ['(\\d)(\\d{3})(\\d{4})', '$1-$2-$3', ['[2-489]'], '0$1'],
        ['(\\d{2})(\\d{3})(\\d{4})', '$1-$2-$3', ['[57]'], '0$1'],
        ['(\\d{4})(\\d{3})(\\d{3})', '$1-$2-$3', ['12']],
        ['(\\d{4})(\\d{6})', '$1-$2', ['159']],
        ['(\\d)(\\d{3})(\\d{3})(\\d{3})', '$1-$2-$3-$4', ['1[7-9]']],
        ['(\\d{3})(\\d{1,2})(\\d{3})(\\d{4})', '$1-$2 $3-$4', ['15']],
      ],
      '0',
    ],
  },
} as unknown as MetadataJson;
