/**
 * The wizard's step events and the operator's funnel: the step events carry only their listed
 * props (no typed values) with a run id, a category and a step; the funnel counts distinct runs per category
 * selection and step, with the catalogue's step titles and the ads published; it is the analysts' console call.
 */
import type { FunnelResponse } from '@app/contract/analytics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffAgent } from './support/staff.ts';
import { Agent, createTestApp, register, type TestApp } from './support/test-app.ts';

const EVENTS = '/api/analytics/events';
const FUNNEL = '/api/operator/analytics/funnel';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const at = () => t.clock.now().getTime() - 1000;
const step = (name: string, fid: string, stepIndex: number, area: string, extra: Record<string, unknown> = {}) => ({
  name,
  props: { fid, cat: 1, subcat: 1, step: stepIndex, area, ...extra },
  at: at(),
});
let analyst: Agent | undefined;
const funnel = async (query = '') => {
  analyst ??= await staffAgent(t, 'analyst');
  return analyst.get(`${FUNNEL}${query}`);
};

describe('wizard step events', () => {
  it('refuses a step event with a prop outside its list, or without a run id, a category or a step', async () => {
    const agent = new Agent(t.app, '10.8.0.1');
    const bad = [
      step('wizard_step_shown', 'run00000001', 1, 'personal_publish_car_type', { value: 'דנה' }),
      step('wizard_field_error', 'run00000001', 1, 'personal_publish_car_type', { email: 'dana@example.co.il' }),
      { name: 'wizard_step_shown', props: { cat: 1, step: 1 }, at: at() },
      { name: 'wizard_step_passed', props: { fid: 'x', cat: 1, step: 1 }, at: at() },
      { name: 'wizard_step_passed', props: { fid: 'run00000001', cat: 1, step: 1.5 }, at: at() },
      { name: 'wizard_step_passed', props: { fid: 'run00000001', cat: '1', step: 1 }, at: at() },
      // An entry the funnel does not count, or on an event that has none.
      step('wizard_step_shown', 'run00000001', 1, 'personal_publish_car_type', { entry: 'newsletter' }),
      step('wizard_step_passed', 'run00000001', 1, 'personal_publish_car_type', { entry: 'ad-strength' }),
    ];
    for (const event of bad) {
      const res = await agent.post(EVENTS, { events: [event] });
      expect(res.statusCode).toBe(400);
    }
    const count = await t.db.query<{ n: string }>('SELECT count(*) AS n FROM analytics_events');
    expect(Number(count[0]?.n)).toBe(0);
  });
});

describe('GET /api/operator/analytics/funnel', () => {
  it('is refused to a guest, a customer, the sandbox key and another role', async () => {
    expect((await t.app.inject({ method: 'GET', url: FUNNEL })).statusCode).toBe(401);
    const keyOnly = await t.app.inject({ method: 'GET', url: FUNNEL, headers: { 'x-sandbox-key': t.sandboxKey } });
    expect(keyOnly.statusCode).toBe(401);
    // The sandbox's funnel is gone: the numbers are the analysts'.
    const old = await t.app.inject({
      method: 'GET',
      url: '/api/sandbox/analytics/funnel',
      headers: { 'x-sandbox-key': t.sandboxKey },
    });
    expect(old.statusCode).toBe(404);
    const moderator = await staffAgent(t, 'moderator');
    expect((await moderator.get(FUNNEL)).statusCode).toBe(403);
  });

  it('counts distinct runs per category and step, with the step titles, the errors and the ads published', async () => {
    const agent = new Agent(t.app, '10.8.0.2');
    // Three runs of private cars: all saw step 1, two passed it (one after an error), one also passed step 2.
    const res = await agent.post(EVENTS, {
      events: [
        step('wizard_step_shown', 'runA0000001', 1, 'personal_publish_car_type'),
        step('wizard_step_shown', 'runA0000001', 1, 'personal_publish_car_type'), // a reload: the same run
        step('wizard_step_passed', 'runA0000001', 1, 'personal_publish_car_type'),
        step('wizard_step_shown', 'runA0000001', 2, 'personal_publish_car_properties'),
        step('wizard_step_passed', 'runA0000001', 2, 'personal_publish_car_properties'),
        step('wizard_step_shown', 'runB0000001', 1, 'personal_publish_car_type'),
        step('wizard_field_error', 'runB0000001', 1, 'personal_publish_car_type', {
          field: 'manufacturer',
          message: 'שדה חובה',
          source: 'client',
        }),
        step('wizard_step_passed', 'runB0000001', 1, 'personal_publish_car_type'),
        // A visit from the ad-strength box (source=ad-strength): its first step says so.
        step('wizard_step_shown', 'runC0000001', 1, 'personal_publish_car_type', { entry: 'ad-strength' }),
        { name: 'wizard_step_shown', props: { fid: 'runD0000001', cat: 2, subcat: 1, step: 1, area: 'x' }, at: at() },
        {
          name: 'plan_chosen',
          props: { cat: 1, subcat: 1, adType: 'VIP', hash: 'c1-vip', paid: 1, orderId: 5 },
          at: at(),
        },
      ],
    });
    expect(res.statusCode).toBe(200);
    // One private-car ad published now, one long ago (outside the period).
    await register(agent);
    const [me] = await t.db.query<{ id: string }>('SELECT id FROM customers ORDER BY id DESC LIMIT 1');
    await t.db.query(
      `INSERT INTO ads (customer_id, cat, subcat, status, published_at) VALUES ($1, 1, 1, 'active', $2), ($1, 1, 1, 'active', $3)`,
      [me?.id, t.clock.now(), new Date(t.clock.now().getTime() - 90 * 86_400_000)],
    );

    const answer = await funnel();
    expect(answer.statusCode).toBe(200);
    const body = answer.json() as FunnelResponse;
    const cars = body.categories.find((c) => c.cat === 1 && c.subcat === 1);
    expect(cars).toMatchObject({ title: 'רכב · פרטי', started: 3, fromAdStrength: 1, published: 1 });
    expect(
      cars?.steps.map(({ step: s, area, shown, passed, withErrors }) => ({ s, area, shown, passed, withErrors })),
    ).toEqual([
      { s: 1, area: 'personal_publish_car_type', shown: 3, passed: 2, withErrors: 1 },
      { s: 2, area: 'personal_publish_car_properties', shown: 1, passed: 1, withErrors: 0 },
    ]);
    // Titles from the catalogue, not the area names.
    expect(cars?.steps[0]?.title).not.toBe('personal_publish_car_type');
    expect(body.categories.find((c) => c.cat === 2)).toMatchObject({
      title: 'נדל"ן · מכירה',
      started: 1,
      fromAdStrength: 0,
    });

    // A period before the events has none; a bad period is refused in Hebrew.
    const past = (await funnel('?from=2020-01-01&to=2020-01-31')).json() as FunnelResponse;
    expect(past.categories).toEqual([]);
    const bad = await funnel('?from=2020-02-31');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ status: 400, message: expect.stringContaining('טווח התאריכים אינו תקין') });
  });
});
