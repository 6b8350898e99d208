/**
 * The leads the publishing flow collects and hands to their owners (apps/server/src/leads): the six kinds and the
 * console's view of them. The shapes are schemas/leads.ts; the types here are what the web imports.
 */
import type { z } from 'zod';
import type { LeadFilterSchema, LeadItemSchema, LeadsPageSchema } from './schemas/leads.ts';

/** The kinds, in the order the console lists them. */
export const LEAD_KINDS = [
  'broker',
  'trade-in',
  'campaign',
  'package',
  'missing-sub-model',
  'missing-address',
] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];

export const LEAD_STATUSES = ['new', 'handled'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** The lead's mail: queued and not yet taken, taken by the mail server, or refused so far (tried again) or for good. */
export const LEAD_DELIVERIES = ['waiting', 'sent', 'failing'] as const;
export type LeadDelivery = (typeof LEAD_DELIVERIES)[number];

export type LeadItem = z.infer<typeof LeadItemSchema>;
export type LeadFilter = z.infer<typeof LeadFilterSchema>;
export type LeadsPage = z.infer<typeof LeadsPageSchema>;
