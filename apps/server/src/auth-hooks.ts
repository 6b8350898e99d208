/**
 * Who may make a call, in one place: the customer's session, the staff member's role, and "this ad is the caller's".
 * The app registers them before any route (app.ts); a route asks through the request and the app's decorators,
 * never by importing a capability's helper:
 * - `req.customer()`: the customer of the session cookie, or null for a guest, looked up once per request and only
 *   when a route asks (most calls of the wizard, the fields answer everyone gets and the option lists, never do);
 * - `app.requireCustomer(req, reply)`: that customer; a guest is answered 422 ('יש להתחבר כדי להמשיך');
 * - `app.requireStaff(req, reply, roles)`: the staff member of the console's full session whose role is one of
 *   `roles` (an admin passes every check); 401 without that session, 403 for another role;
 * - `app.requireOwnAd(req, reply, id)`: the customer's own ad by the number the call carries (its digits as text, or
 *   a number); a guest 422, and 404 for anything else (no number, another account's ad, as if it did not exist, a
 *   deleted one, and a reserved one, which holds photos and was never saved, unless `{ reserved: true }`).
 * Each answers the refusal itself (Hebrew, `{status, message}`) and returns null: the handler then returns the reply.
 * A call that declares its schemas asks first, as a route's `preValidation` hook, so a guest or another role is
 * refused before the request is checked (no one learns a call's input without the right):
 * - `preValidation: app.customerOnly`: a guest 422; the handler reads `await req.guardedCustomer()`;
 * - `preValidation: app.staffOnly(roles)`: 401 or 403 as `requireStaff`; the handler reads `req.guardedStaff()`.
 * This module sits above the capabilities whose records it names (accounts, operator, ads), beside app.ts: none of
 * them imports it.
 */
import { SESSION_COOKIE } from '@app/contract/auth';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Customer, findSessionCustomer } from './accounts/customers-repository.ts';
import { type Ad, findOwnAd } from './ads/ads-repository.ts';
import { adNumber } from './ads/own-ad.ts';
import { he } from './i18n/messages.ts';
import { heOperator } from './i18n/operator.ts';
import type { Staff, StaffRole } from './operator/staff-repository.ts';
import { STAFF_COOKIE, type StaffService } from './operator/staff-service.ts';
import type { Clock } from './platform/clock.ts';
import type { Db } from './platform/db/db.ts';

export interface OwnAdOptions {
  /** A reserved ad (the photos of a wizard that has not saved yet) is the caller's too: the photo calls work on it. */
  reserved?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The customer of the session cookie, or null for a guest (looked up once per request). */
    customer(): Promise<Customer | null>;
    /** The customer a call guarded by `customerOnly` was let in as. */
    guardedCustomer(): Promise<Customer>;
    /** The staff member a call guarded by `staffOnly` was let in as. */
    guardedStaff(): Staff;
  }
  interface FastifyInstance {
    /** A customer's call as a route's `preValidation` hook: a guest is answered 422 before the schema check. */
    customerOnly(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined>;
    /** A console call as a route's `preValidation` hook: 401 or 403 (as `requireStaff`) before the schema check. */
    staffOnly(
      roles: readonly StaffRole[],
    ): (req: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>;
    /** The session's customer; a guest is answered 422 and null returned. */
    requireCustomer(req: FastifyRequest, reply: FastifyReply): Promise<Customer | null>;
    /** The staff member of the full session when their role is one of `roles`; else 401 or 403 and null. */
    requireStaff(req: FastifyRequest, reply: FastifyReply, roles: readonly StaffRole[]): Promise<Staff | null>;
    /** The caller's own ad by the number `id`; else 422 (a guest) or 404 and null. */
    requireOwnAd(req: FastifyRequest, reply: FastifyReply, id: unknown, options?: OwnAdOptions): Promise<Ad | null>;
  }
}

export function registerAuthHooks(app: FastifyInstance, deps: { db: Db; clock: Clock; staff: StaffService }): void {
  const { db, clock, staff } = deps;

  // Sessions live in the database; the cookie holds a random token (accounts/session.ts sets and clears it).
  const lookups = new WeakMap<FastifyRequest, Promise<Customer | null>>();
  app.decorateRequest('customer', function (this: FastifyRequest) {
    let lookup = lookups.get(this);
    if (!lookup) {
      const token = this.cookies[SESSION_COOKIE];
      lookup = token ? findSessionCustomer(db, token, clock.now()) : Promise.resolve(null);
      lookups.set(this, lookup);
    }
    return lookup;
  });

  const requireCustomer = async (req: FastifyRequest, reply: FastifyReply): Promise<Customer | null> => {
    const customer = await req.customer();
    if (!customer) await reply.code(422).send({ status: 422, message: he.loginNeeded });
    return customer;
  };
  app.decorate('requireCustomer', requireCustomer);

  const requireStaff = async (
    req: FastifyRequest,
    reply: FastifyReply,
    roles: readonly StaffRole[],
  ): Promise<Staff | null> => {
    const member = await staff.session(req.cookies[STAFF_COOKIE], 'session');
    if (!member) {
      await reply.code(401).send({ status: 401, message: heOperator.notLoggedIn });
      return null;
    }
    if (member.role !== 'admin' && !roles.includes(member.role)) {
      await reply.code(403).send({ status: 403, message: heOperator.forbidden });
      return null;
    }
    return member;
  };
  app.decorate('requireStaff', requireStaff);

  // The hooks of declared calls: the refusal is sent before the schema check, and the handler reads who was let in.
  app.decorate('customerOnly', async (req: FastifyRequest, reply: FastifyReply) => {
    if (await req.customer()) return undefined;
    return reply.code(422).send({ status: 422, message: he.loginNeeded });
  });
  app.decorateRequest('guardedCustomer', async function (this: FastifyRequest) {
    const customer = await this.customer();
    if (!customer) throw new Error('a customer call without the customerOnly hook');
    return customer;
  });

  const guarded = new WeakMap<FastifyRequest, Staff>();
  app.decorate('staffOnly', (roles: readonly StaffRole[]) => async (req: FastifyRequest, reply: FastifyReply) => {
    const member = await requireStaff(req, reply, roles);
    if (!member) return reply;
    guarded.set(req, member);
    return undefined;
  });
  app.decorateRequest('guardedStaff', function (this: FastifyRequest) {
    const member = guarded.get(this);
    if (!member) throw new Error('a console call without the staffOnly hook');
    return member;
  });

  app.decorate(
    'requireOwnAd',
    async (req: FastifyRequest, reply: FastifyReply, id: unknown, options: OwnAdOptions = {}): Promise<Ad | null> => {
      const customer = await requireCustomer(req, reply);
      if (!customer) return null;
      const orderId = adNumber(id);
      const ad = orderId ? await findOwnAd(db, customer.id, orderId) : null;
      if (!ad || (ad.status === 'reserved' && !options.reserved)) {
        await reply.code(404).send({ status: 404, message: he.adNotFound });
        return null;
      }
      return ad;
    },
  );
}
