/**
 * The ad page's calls (/item/{id}, the ad's own public page): revealing its phone number and reporting it. The page
 * itself is HTML rendered by the server; these are the JSON calls its buttons make.
 */
import { z } from 'zod';
import { positiveId, RefusalSchema } from './common.ts';

/** The ad's number, in the path (anything else: 404). */
export const AdPageParamsSchema = z.object({ id: positiveId });

/** POST /api/ads/{id}/phone: the number buyers call, revealed on the press (and counted). */
export const PhoneRevealResponseSchema = z
  .object({
    status: z.literal(200),
    /** The virtual number when the ad uses one, else the number as entered; null when no number is shown now. */
    phone: z.string().nullable(),
    /** False from Friday 14:00 to Saturday 23:59 (Israel time) when the ad takes no weekend calls. */
    callsNow: z.boolean(),
    /** Why no number is shown, in Hebrew (null when one is). */
    note: z.string().nullable(),
  })
  .meta({ id: 'PhoneReveal' });

/** Why a buyer reports an ad: fraud, the wrong category, already sold, offensive, or something else (with a text). */
export const AD_REPORT_REASONS = ['fraud', 'wrongCategory', 'sold', 'offensive', 'other'] as const;
export const AdReportReasonSchema = z.enum(AD_REPORT_REASONS);
export type AdReportReason = z.infer<typeof AdReportReasonSchema>;
/** The longest text a report may carry. */
export const AD_REPORT_TEXT_MAX = 500;

/** POST /api/ads/{id}/report. `text` is required for `other`. */
export const AdReportRequestSchema = z.object({
  reason: AdReportReasonSchema,
  text: z.string().max(AD_REPORT_TEXT_MAX).optional(),
});
export type AdReportRequest = z.infer<typeof AdReportRequestSchema>;

export const AdReportResponseSchema = z.object({ status: z.literal(200), message: z.string() });

/** The refusals of both calls: an unknown or no longer live ad (404), too many (429), a report without its text (400). */
export const AdPageRefusalSchema = RefusalSchema;

/** POST /api/ads/{id}/share: the share box was used (the browser's sheet, the copied link or WhatsApp); counted. */
export const AdShareResponseSchema = z.object({ status: z.literal(200) }).meta({ id: 'AdShare' });
