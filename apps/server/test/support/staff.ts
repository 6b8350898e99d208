/** A staff member of a role, signed in to the console (password, then the authenticator's code) as an Agent. */
import { expect } from 'vitest';
import { hashPassword } from '../../src/accounts/passwords.ts';
import { enableTotp, insertStaff, type StaffRole } from '../../src/operator/staff-repository.ts';
import { StaffService } from '../../src/operator/staff-service.ts';
import { Agent, GOOD_PASSWORD, newEmail, type TestApp } from './test-app.ts';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** Signs in a new staff member; the clock moves past the code's time step (each step's code is taken once). */
export async function staffAgent(t: TestApp, role: StaffRole): Promise<Agent> {
  const email = newEmail(`staff-${role}`);
  const staff = await insertStaff(
    t.db,
    { email, name: 'צוות', role, passwordHash: await hashPassword(GOOD_PASSWORD) },
    t.clock.now(),
  );
  await enableTotp(t.db, staff.id, SECRET);
  const agent = new Agent(t.app);
  await agent.post('/api/operator/login', { email, password: GOOD_PASSWORD });
  const res = await agent.post('/api/operator/login/code', { code: StaffService.codeAt(SECRET, t.clock.now()) });
  expect(res.statusCode).toBe(200);
  t.clock.advance(31_000);
  return agent;
}
