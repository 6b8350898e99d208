/**
 * The console's webhook calls (/api/operator/webhooks, admin only): the subscribers with their delivery state, a new
 * one (its signing secret in that answer only), pause, resume, delete. Types in ../webhooks.ts.
 */
import { z } from 'zod';
import { AD_EVENT_TYPES } from '../webhooks.ts';
import { isoTime, positiveId, withStatus200 } from './common.ts';

export const WebhookItemSchema = z
  .object({
    id: z.number().int(),
    url: z.string(),
    events: z.array(z.enum(AD_EVENT_TYPES)),
    /** The secret's last characters, to tell which one a receiver holds (the secret itself is shown once). */
    secretHint: z.string(),
    createdAt: isoTime,
    /** running, or paused by an admin or by the delivery (a receiver failing for a day), with why. */
    state: z.enum(['running', 'paused']),
    pausedAt: isoTime.nullable(),
    pausedReason: z.string().nullable(),
    /** Events waiting to be delivered. */
    pending: z.number().int(),
    consecutiveFailures: z.number().int(),
    lastAttemptAt: isoTime.nullable(),
    lastSuccessAt: isoTime.nullable(),
    /** The HTTP status of the last attempt (null: no answer). */
    lastStatus: z.number().int().nullable(),
    /** A short excerpt of why the last attempt failed (null when it succeeded). */
    lastError: z.string().nullable(),
  })
  .meta({ id: 'WebhookItem' });

export const WebhookListSchema = withStatus200({ items: z.array(WebhookItemSchema) });

/** POST /api/operator/webhooks: where to send, and which events. */
export const WebhookNewSchema = z.object({
  url: z.string().trim().min(1).max(2000),
  events: z.array(z.enum(AD_EVENT_TYPES)).min(1).max(AD_EVENT_TYPES.length),
});

/** The new subscriber and its signing secret: this answer is the only time the secret is sent. */
export const WebhookCreatedSchema = withStatus200({ subscriber: WebhookItemSchema, secret: z.string() });

/** A subscriber's id, in the path. */
export const WebhookParamsSchema = z.object({ id: positiveId });

/** The subscriber as it is after a pause or a resume. */
export const WebhookChangedSchema = withStatus200({ subscriber: WebhookItemSchema });

/** A deleted subscriber. */
export const WebhookDeletedSchema = withStatus200({ id: z.number().int() });
