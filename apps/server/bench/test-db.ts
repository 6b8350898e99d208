/**
 * The CPU of a test database (test/support/test-db.ts) in this process: a new one (`fresh`) against one from the
 * pool, each opened and dropped N times (N=6). On PGlite by default, on PostgreSQL with DATABASE_URL (where most
 * of the work is the server's, not counted here: the wall time says more). `npm run bench:test-db`.
 */
import { openTestDb } from '../test/support/test-db.ts';

const N = Number(process.env.N ?? 6);
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
for (const fresh of [true, false]) {
  const cpu: number[] = [];
  const wall: number[] = [];
  for (let i = 0; i < N; i++) {
    const c0 = cpuMs();
    const w0 = performance.now();
    const { db, drop } = await openTestDb({ fresh });
    await db.query('SELECT 1');
    await drop();
    cpu.push(cpuMs() - c0);
    wall.push(performance.now() - w0);
  }
  const rest = (xs: number[]) => xs.slice(1).reduce((a, b) => a + b, 0) / (xs.length - 1);
  console.log(
    `${fresh ? 'new   ' : 'pooled'}: open+drop CPU ${cpu.map((c) => c.toFixed(0)).join(' ')} ms ` +
      `(after the first: mean ${rest(cpu).toFixed(0)} ms CPU, ${rest(wall).toFixed(0)} ms wall)`,
  );
}
// The pool keeps its databases open until the process ends.
process.exit(0);
