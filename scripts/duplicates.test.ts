/**
 * One mechanism, not a copy (CONTRIBUTING.md "Code"): product code keeps the places where six or more lines repeat
 * other lines to MAX_CLONES or fewer. Counted by jscpd's detector (@jscpd/core with its tokenizer, the engine of the
 * `jscpd` command without its reporters): the sources of apps/*\/src and packages/*\/src, tests aside, are read as
 * tokens, comments and layout left out ("weak" mode), and each stretch of 6 or more lines and 50 or more tokens that
 * repeats another (in the same file or another of its language) is one place.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Detector, getDefaultOptions, type IClone, type IOptions, MemoryStore, weak } from '@jscpd/core';
import { getFormatByFile, Tokenizer } from '@jscpd/tokenizer';
import { describe, expect, it } from 'vitest';
import { productModules } from './lib/product-modules.ts';

const repo = path.resolve(import.meta.dirname, '..');
/** CONTRIBUTING.md's limit. */
const MAX_CLONES = 15;
const OPTIONS: IOptions = { ...getDefaultOptions(), minLines: 6, minTokens: 50, mode: weak };

interface Source {
  id: string;
  text: string;
}

/** The places among `sources` that repeat another, as 'a.ts:3-10 = b.ts:20-27'. */
async function repeatedPlaces(sources: readonly Source[]): Promise<string[]> {
  const detector = new Detector(new Tokenizer(), new MemoryStore(), [], OPTIONS);
  const clones: IClone[] = [];
  for (const { id, text } of sources) {
    const format = getFormatByFile(id);
    if (format) clones.push(...(await detector.detect(id, text, format)));
  }
  const at = (d: IClone['duplicationA']) => `${d.sourceId}:${d.start.line}-${d.end.line}`;
  return clones.map((c) => `${at(c.duplicationA)} = ${at(c.duplicationB)}`);
}

/** apps/<name>/src and packages/<name>/src. */
const productRoots = (): string[] =>
  ['apps', 'packages'].flatMap((top) =>
    fs
      .readdirSync(path.join(repo, top))
      .sort()
      .map((name) => `${top}/${name}/src`)
      .filter((dir) => fs.existsSync(path.join(repo, dir))),
  );

/** A function of `lines` statements, each different (so that it repeats nothing of itself). */
const fn = (name: string, lines: number) =>
  `export function ${name}(input: { a: number; b: string }): number {\n${Array.from(
    { length: lines },
    (_, i) => `  const value${i} = input.a * ${i + 1} + input.b.length - Math.max(${i}, input.a);\n`,
  ).join('')}  return input.a;\n}\n`;

describe('repeated code', () => {
  it('counts a stretch of six lines or more repeated in another module, and not a shorter one', async () => {
    const places = await repeatedPlaces([
      { id: 'a.ts', text: `${fn('first', 8)}\nexport const a = 1;\n` },
      { id: 'b.ts', text: `export const b = 2;\n${fn('first', 8)}` },
    ]);
    expect(places).toHaveLength(1);
    expect(places[0]).toMatch(/^b\.ts:\d+-\d+ = a\.ts:\d+-\d+$/);
    expect(
      await repeatedPlaces([
        { id: 'a.ts', text: `${fn('short', 2)}\nexport const a = 1;\n` },
        { id: 'b.ts', text: `export const b = 2;\n${fn('short', 2)}` },
      ]),
    ).toEqual([]);
  });

  it(`keeps product code to ${MAX_CLONES} repeated places or fewer`, async () => {
    const sources = productRoots().flatMap((root) =>
      [...productModules(repo, root)].map((id) => ({ id, text: fs.readFileSync(path.join(repo, id), 'utf8') })),
    );
    expect(sources.length).toBeGreaterThan(300);
    const places = await repeatedPlaces(sources);
    expect(places.length, places.join('\n')).toBeLessThanOrEqual(MAX_CLONES);
    // Tokenising every module takes about ten seconds on a busy two-core machine.
  }, 120_000);
});
