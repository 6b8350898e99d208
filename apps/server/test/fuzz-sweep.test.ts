/**
 * The bad-input sweep with a few inputs per target, so CI runs it on every change; the full
 * 10,000 per target is `npm run fuzz` (apps/server/bench/fuzz.ts). Same properties (test/support/fuzz-sweep.ts):
 * no 5xx but the spec's, no hang, every 4xx in Hebrew, Object.prototype untouched. The first tests are the shrunk
 * counterexamples the full sweep found, kept as regressions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFuzzApp, type FuzzApp, fuzzEndpoint, fuzzStep, probe, stepTargets } from './support/fuzz-sweep.ts';

// A few per target keep the file to about 20 s of requests on CI (237 steps, about 90 routes).
const ROUTE_RUNS = Number(process.env.FUZZ_TEST_RUNS ?? 5);
const STEP_RUNS = Number(process.env.FUZZ_TEST_STEP_RUNS ?? 2);

let app: FuzzApp;
beforeAll(async () => {
  app = await createFuzzApp();
});
afterAll(async () => {
  await app.t.close();
});

describe('the counterexamples the sweep found', () => {
  it('a path with a broken percent escape is refused in Hebrew (was Fastify English FST_ERR_BAD_URL)', async () => {
    for (const url of ['/api/adds/%zz', '/api/publish/0%E0%A4/images/upload', '/media/1%zz']) {
      const method = url.includes('upload') ? 'POST' : 'GET';
      expect(await probe(app, { method, url, contentType: 'application/json', payload: '{}' })).toBeNull();
    }
  });

  it('a multipart upload cut short is a 400, not a 500 (busboy: "Unexpected end of multipart data")', async () => {
    const boundary = 'b0undary';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\r\n`;
    const res = await probe(app, {
      method: 'POST',
      url: '/api/publish/0/images/upload',
      contentType: `multipart/form-data; boundary=${boundary}`,
      payload,
    });
    expect(res).toBeNull();
  });

  it("the payment notification's refusal of a bad signature says so in Hebrew", async () => {
    expect(
      await probe(app, { method: 'POST', url: '/api/payments/notify', contentType: 'application/json', payload: '{}' }),
    ).toBeNull();
  });
  it('a JSON number where the auth calls expect text is refused, not a 500 (username: 1 made .trim() throw)', async () => {
    for (const [url, body] of [
      ['/api/auth/login', { username: 1, password: 2 }],
      ['/api/auth/register', { username: 1, password: 'Secret123', passwordAgain: 'Secret123', firstname: 2 }],
      ['/api/auth/createNewPass', { resetToken: 1, newPass: 'Secret123', custID: 1, userName: 3 }],
      ['/api/auth/forgetPass', { EmailForgetPass: 1 }],
      ['/api/auth/confirmCode', { EmailForgetPass: 1, confirmCodePass: 2 }],
    ] as const) {
      const payload = JSON.stringify(body);
      expect(await probe(app, { method: 'POST', url, contentType: 'application/json', payload })).toBeNull();
    }
  });
});

describe('the route inventory', () => {
  it('has every route of the built app (a new route is fuzzed without being listed)', () => {
    const names = app.routes.map((r) => `${r.method} ${r.url}`);
    expect(names.length).toBeGreaterThan(80);
    for (const known of ['GET /api/publish/check-step', 'POST /api/publish/save-ad', 'POST /api/auth/login']) {
      expect(names).toContain(known);
    }
    expect(names).toContain('POST /api/publish/:OrderID/images/upload');
  });
});

describe('random requests', () => {
  it(`to every route of the app, ${ROUTE_RUNS} each`, async () => {
    const failures: string[] = [];
    for (const route of app.routes) {
      await fuzzEndpoint(app, route, { runs: ROUTE_RUNS, timeoutMs: 10_000 }).catch((err: Error) =>
        failures.push(err.message),
      );
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it(`to every step's check-step of every catalogue, ${STEP_RUNS} each`, async () => {
    const failures: string[] = [];
    for (const target of stepTargets()) {
      await fuzzStep(app, target, { runs: STEP_RUNS, timeoutMs: 10_000 }).catch((err: Error) =>
        failures.push(err.message),
      );
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
