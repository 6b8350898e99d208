/**
 * The bad-input sweep: FUZZ_RUNS (default 10,000) random requests to each step's check-step of
 * every catalogue and to every route of the built app (the onRoute inventory), through app.inject on a test app
 * (PGlite in memory, or an own schema of DATABASE_URL's PostgreSQL, dropped at the end). Prints a table (target,
 * runs, answers by class, slowest answer) and exits 1 on any violation, printing the shrunk counterexample.
 * The properties are in test/support/fuzz-sweep.ts.
 *
 * Run: npm run fuzz
 *   FUZZ_RUNS=1000 npm run fuzz            fewer inputs per target
 *   FUZZ_ONLY=steps|endpoints npm run fuzz  one half of the sweep
 *   FUZZ_FILTER=save-ad npm run fuzz        only the targets whose name contains the text
 *   FUZZ_SEED=42 FUZZ_TIMEOUT_MS=5000       a fixed seed; the per-request time limit (default 10000 ms)
 */
import {
  createFuzzApp,
  endpointTarget,
  fuzzEndpoint,
  fuzzStep,
  type Stats,
  stepTarget,
  stepTargets,
  table,
} from '../test/support/fuzz-sweep.ts';

const runs = Number(process.env.FUZZ_RUNS ?? 10_000);
const timeoutMs = Number(process.env.FUZZ_TIMEOUT_MS ?? 10_000);
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const only = process.env.FUZZ_ONLY;
const filter = process.env.FUZZ_FILTER ?? '';
const options = { runs, timeoutMs, seed };

// The server's error log (level 50), so a 5xx comes with its stack; the first few are printed at the end.
const serverErrors: string[] = [];
const app = await createFuzzApp({
  write(line: string) {
    if (line.includes('"level":50') && serverErrors.length < 20) serverErrors.push(line.slice(0, 3_000));
  },
});
const rows: Stats[] = [];
const failures: string[] = [];
const started = Date.now();

async function one(name: string, run: () => Promise<Stats>): Promise<void> {
  if (!name.includes(filter)) return;
  const t0 = Date.now();
  try {
    rows.push(await run());
  } catch (err) {
    const stats = (err as { stats?: Stats }).stats;
    if (stats) rows.push(stats);
    failures.push((err as Error).message);
  }
  // One line per target as it ends (a long run stopped early still has its figures).
  const r = rows.at(-1);
  console.error(
    `${name}: ${r?.runs ?? 0} runs, 2xx ${r?.s2xx ?? 0}, 3xx ${r?.s3xx ?? 0}, 4xx ${r?.s4xx ?? 0}, 5xx ${r?.s5xx ?? 0}, ` +
      `slowest ${(r?.slowestMs ?? 0).toFixed(0)} ms, ${((Date.now() - t0) / 1000).toFixed(1)} s${
        failures.length ? ` (${failures.length} failing targets so far)` : ''
      }`,
  );
}

console.error(
  `fuzz: ${runs} inputs per target, ${app.routes.length} routes, ${stepTargets().length} steps, on ${
    process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'
  }`,
);
if (only !== 'endpoints') {
  for (const target of stepTargets()) await one(stepTarget(target), () => fuzzStep(app, target, options));
}
if (only !== 'steps') {
  for (const route of app.routes) await one(endpointTarget(route), () => fuzzEndpoint(app, route, options));
}
await app.t.close();

console.log(table(rows));
const total = rows.reduce((n, r) => n + r.runs, 0);
// Every 5xx of a passing target is one of the spec's 500s (check-step's errFields, the phone calls' errors).
const fivexx = rows.reduce((n, r) => n + r.s5xx, 0);
console.log(
  `\n${rows.length} targets, ${total} requests in ${((Date.now() - started) / 60_000).toFixed(1)} min; ` +
    `5xx ${fivexx} (a 5xx other than the spec's 500s fails its target); slowest answer ${Math.max(0, ...rows.map((r) => r.slowestMs)).toFixed(0)} ms; ` +
    `${failures.length} failing targets`,
);
for (const f of failures) console.log(`\n${f}`);
if (serverErrors.length) console.log(`\nServer error log (first ${serverErrors.length}):\n${serverErrors.join('\n')}`);
process.exit(failures.length ? 1 : 0);
