/**
 * The console's leads calls (/api/operator/leads, roles support and admin): the list by kind and status, a page at a
 * time; one lead marked handled; the CSV export. Types in ../leads.ts.
 */
import { z } from 'zod';
import { LEAD_DELIVERIES, LEAD_KINDS, LEAD_STATUSES } from '../leads.ts';
import { orEmpty, positiveId, timeIdCursor, withStatus200 } from './common.ts';

/** One line of what the owner was sent: a Hebrew label and its value. */
export const LeadFactSchema = z.object({ label: z.string(), value: z.string() });

export const LeadItemSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(LEAD_KINDS),
    /** The kind's Hebrew name. */
    kindTitle: z.string(),
    /** The ad the lead is about, when there is one. */
    adId: z.number().int().nullable(),
    /** Who receives it (an office, a partner, a team) and the address it was mailed to (null until it is). */
    ownerName: z.string(),
    ownerAddress: z.string().nullable(),
    /** What the owner was sent, line by line. */
    facts: z.array(LeadFactSchema),
    status: z.enum(LEAD_STATUSES),
    handledBy: z.string().nullable(),
    handledAt: z.string().nullable(),
    delivery: z.enum(LEAD_DELIVERIES),
    createdAt: z.string(),
  })
  .meta({ id: 'LeadItem' });

/** GET /api/operator/leads: the filters (each may be sent empty: not filtered) and the cursor of the page before. */
export const LeadFilterSchema = z.object({
  kind: orEmpty(z.enum(LEAD_KINDS)),
  status: orEmpty(z.enum(LEAD_STATUSES)),
  after: orEmpty(timeIdCursor),
});

/** A page of leads, newest first; `next` is the cursor of the following page, null at the end. */
export const LeadsPageSchema = withStatus200({ items: z.array(LeadItemSchema), next: z.string().nullable() });

/** A lead's id, in the path. */
export const LeadParamsSchema = z.object({ id: positiveId });

/** POST /api/operator/leads/{id}/handled: the lead as it is now. */
export const LeadHandledSchema = withStatus200({ lead: LeadItemSchema });

/** GET /api/operator/leads.csv: the same filters, every matching lead (UTF-8 with a BOM, CRLF lines). */
export const LeadsCsvQuerySchema = LeadFilterSchema.omit({ after: true });
