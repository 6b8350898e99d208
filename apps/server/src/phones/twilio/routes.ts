/**
 * Twilio's requests to us (mounted only with SMS_PROVIDER=twilio): a message's status, the digit pressed in a
 * verification call, and an incoming call to a virtual number that asks where to ring. Each is form-encoded and
 * signed by Twilio (X-Twilio-Signature: HMAC-SHA1 of the URL and the sorted parameters with the account's auth
 * token); the URL is rebuilt from our configured public origin, never from the request's Host. A forged request is
 * refused with 403 and changes nothing; a signed one that comes again (a replay) finds its event in
 * provider_callbacks and changes nothing either (409).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/db.ts';
import type { JobScheduler } from '../../platform/jobs/scheduler.ts';
import { forwardOfVirtual } from '../phone-repository.ts';
import type { PhoneService } from '../phone-service.ts';
import { forgetCallback, forgetCallbacksBefore, recordCallback } from './callbacks-repository.ts';
import { TWILIO_PATHS, TWILIO_VOICE_TEXTS, type TwilioSdk } from './provider.ts';

const say = { language: 'he-IL' } as const;

/** How long a callback's event is kept to refuse its replay (Twilio retries within hours, never weeks). */
const CALLBACKS_KEPT_MS = 30 * 24 * 60 * 60_000;

export function twilioRoutes(
  app: FastifyInstance,
  deps: {
    sdk: TwilioSdk;
    db: Db;
    phones: PhoneService;
    authToken: string;
    site: () => string;
    now: () => Date;
    jobs: Pick<JobScheduler, 'onHousekeeping'>;
  },
): void {
  deps.jobs.onHousekeeping('provider_callbacks', (tx, now) =>
    forgetCallbacksBefore(tx, new Date(now.getTime() - CALLBACKS_KEPT_MS)),
  );

  /** The request's parameters when its signature is Twilio's, else null (and the 403 is sent). */
  const signed = (req: FastifyRequest, reply: FastifyReply): Record<string, string> | null => {
    const params = Object.fromEntries(new URLSearchParams(typeof req.body === 'string' ? req.body : ''));
    const signature = req.headers['x-twilio-signature'];
    const url = new URL(req.url, deps.site()).toString();
    if (typeof signature !== 'string' || !deps.sdk.validateRequest(deps.authToken, signature, url, params)) {
      req.log.warn({ path: req.routeOptions.url }, 'twilio callback with a bad signature refused');
      void reply.code(403).send({ status: 403 });
      return null;
    }
    return params;
  };

  /**
   * Acts on an event once: its result, or `{ replay: true }` when it was acted on before (answered 409). When acting
   * fails, the event is forgotten again, so Twilio's own retry of it (after our 5xx) is acted on.
   */
  const once = async <T>(
    key: string,
    act: () => Promise<T>,
  ): Promise<{ replay: true } | { replay: false; value: T }> => {
    if (!(await recordCallback(deps.db, key, deps.now()))) return { replay: true };
    try {
      return { replay: false, value: await act() };
    } catch (err) {
      await forgetCallback(deps.db, key);
      throw err;
    }
  };

  const verificationOf = (req: FastifyRequest): number | null => {
    const v = (req.query as { v?: unknown }).v;
    return typeof v === 'string' && /^[1-9]\d{0,12}$/.test(v) ? Number(v) : null;
  };

  const twiml = (reply: FastifyReply, response: InstanceType<TwilioSdk['twiml']['VoiceResponse']>) =>
    reply.type('text/xml; charset=utf-8').send(response.toString());

  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_req, body, done) => done(null, body),
    );

    // A message's later status: a failed or undelivered verification SMS voids its code and is not spent.
    scope.post(TWILIO_PATHS.smsStatus, { config: { signedCallback: true } }, async (req, reply) => {
      const params = signed(req, reply);
      if (!params) return reply;
      const sid = params.MessageSid ?? params.SmsSid ?? '';
      const status = params.MessageStatus ?? params.SmsStatus ?? '';
      const verificationId = verificationOf(req);
      const outcome = await once(`message:${sid}:${status}`, async () => {
        if (verificationId !== null && (status === 'failed' || status === 'undelivered')) {
          await deps.phones.deliveryFailed(verificationId);
        }
      });
      return outcome.replay ? reply.code(409).send({ status: 409 }) : reply.code(204).send();
    });

    // The key pressed in the verification call: 1 confirms the number.
    scope.post(TWILIO_PATHS.answer, { config: { signedCallback: true } }, async (req, reply) => {
      const params = signed(req, reply);
      if (!params) return reply;
      const verificationId = verificationOf(req);
      const outcome = await once(
        `call:${params.CallSid ?? ''}:answer`,
        async () => verificationId !== null && params.Digits === '1' && deps.phones.confirmCall(verificationId),
      );
      if (outcome.replay) return reply.code(409).send({ status: 409 });
      const response = new deps.sdk.twiml.VoiceResponse();
      response.say(say, outcome.value ? TWILIO_VOICE_TEXTS.confirmed : TWILIO_VOICE_TEXTS.notConfirmed);
      return twiml(reply, response);
    });

    // A call to a virtual number: ring the customer's number it forwards to.
    scope.post(TWILIO_PATHS.forward, { config: { signedCallback: true } }, async (req, reply) => {
      const params = signed(req, reply);
      if (!params) return reply;
      const outcome = await once(`call:${params.CallSid ?? ''}:forward`, () =>
        forwardOfVirtual(deps.db, params.To ?? ''),
      );
      if (outcome.replay) return reply.code(409).send({ status: 409 });
      const response = new deps.sdk.twiml.VoiceResponse();
      if (outcome.value) response.dial({ callerId: params.To }, outcome.value);
      else response.say(say, TWILIO_VOICE_TEXTS.noForward);
      return twiml(reply, response);
    });
  });
}
