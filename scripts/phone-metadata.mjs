#!/usr/bin/env node
// Writes packages/contract/src/phoneMetadata.ts: libphonenumber-js's "min" metadata cut down to Israel (+972),
// the only country the product validates. The library's bundled metadata covers every country (about 26 KB
// compressed in the wizard's code); this subset is half a kilobyte. Run after upgrading libphonenumber-js
// (`node scripts/phone-metadata.mjs`); packages/contract/src/phones.test.ts fails while the file is stale.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const full = require('libphonenumber-js/metadata.min.json');
const { version } = require('libphonenumber-js/package.json');

function israelMetadata(metadata) {
  return {
    version: metadata.version,
    country_calling_codes: { 972: metadata.country_calling_codes['972'] },
    countries: { IL: metadata.countries.IL },
  };
}

const target = path.join(import.meta.dirname, '..', 'packages', 'contract', 'src', 'phoneMetadata.ts');
{
  const body = `/**
 * libphonenumber-js ${version} "min" metadata for Israel (+972) only, written by scripts/phone-metadata.mjs: the
 * product validates Israeli numbers alone, and the library's own metadata (every country) would add about 26 KB to
 * the wizard's code. phones.test.ts checks it still equals the installed library's.
 */
import type { MetadataJson } from 'libphonenumber-js/core';

export const IL_METADATA = ${JSON.stringify(israelMetadata(full))} as unknown as MetadataJson;
`;
  fs.writeFileSync(target, body);
  console.log(`wrote ${path.relative(process.cwd(), target)}`);
}
