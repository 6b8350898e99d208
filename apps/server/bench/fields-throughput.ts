/**
 * Benchmark: GET /api/publish/fields is served from the in-memory catalogue, close to a bare
 * Fastify route's throughput measured in the same run (bench/fields-rates.ts says how). Exits 1 when the
 * revalidated answer (a browser that holds it: 304) is below 0.8 of the bare route, or the whole answer (200,
 * brotli) below 0.5 of a bare route sending the same bytes (within a factor of 2, the performance goal in
 * docs/QUALITY.md).
 * Run: npm run bench:fields   (BENCH_SECONDS per turn, default 2; BENCH_ROUNDS rounds, default 5)
 */
import { measureFieldsRates } from './fields-rates.ts';

const REVALIDATED_FLOOR = 0.8;
const FULL_FLOOR = 0.5;

const rates = await measureFieldsRates({
  seconds: Number(process.env.BENCH_SECONDS ?? 2),
  rounds: Number(process.env.BENCH_ROUNDS ?? 5),
});
const rps = (n: number) => `${n.toFixed(0).padStart(6)} req/s`;
console.log(`bare Fastify route:                     ${rps(rates.bare)}`);
console.log(`bare route, the answer's own bytes:     ${rps(rates.bareSameBytes)}`);
console.log(
  `GET /api/publish/fields, whole answer:  ${rps(rates.full)} (${rates.jsonBytes} bytes of JSON, ` +
    `${rates.wireBytes} sent as ${rates.coding})`,
);
console.log(`GET /api/publish/fields, revalidated:   ${rps(rates.revalidated)} (304, If-None-Match)`);
console.log(
  `ratio revalidated / bare:               ${rates.revalidatedRatio.toFixed(2)} (must be at least ${REVALIDATED_FLOOR}; median of the rounds)`,
);
console.log(`ratio whole answer / bare, same bytes:  ${rates.fullRatio.toFixed(2)} (must be at least ${FULL_FLOOR})`);
console.log(
  `each round (whole / revalidated):       ${rates.roundRatios.map((r) => `${r.full.toFixed(2)}/${r.revalidated.toFixed(2)}`).join('  ')}`,
);
process.exit(rates.revalidatedRatio >= REVALIDATED_FLOOR && rates.fullRatio >= FULL_FLOOR ? 0 : 1);
