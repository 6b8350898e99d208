/**
 * The ad events other systems receive as signed webhooks (apps/server/src/webhooks, docs/webhooks.md) and the
 * console's view of their subscribers. The shapes are schemas/webhooks.ts; the types here are what the web imports.
 */
import type { z } from 'zod';
import type {
  WebhookCreatedSchema,
  WebhookItemSchema,
  WebhookListSchema,
  WebhookNewSchema,
} from './schemas/webhooks.ts';

/** The events, in the order the console lists them. */
export const AD_EVENT_TYPES = ['ad.published', 'ad.changed', 'ad.hidden', 'ad.ended', 'ad.deleted'] as const;
export type AdEventTypeName = (typeof AD_EVENT_TYPES)[number];

export type WebhookItem = z.infer<typeof WebhookItemSchema>;
export type WebhookList = z.infer<typeof WebhookListSchema>;
export type WebhookNew = z.infer<typeof WebhookNewSchema>;
export type WebhookCreated = z.infer<typeof WebhookCreatedSchema>;
