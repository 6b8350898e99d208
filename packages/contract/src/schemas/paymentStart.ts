/**
 * The calls that start a payment (after-save-area.md §4 "Payment type popup", §7): the plan step's track by card
 * (finish-page) or by the mobile-payment app (bit-payment), and the gateway's package and auto-bump starts. Each
 * answers the hosted page to frame. The bodies are the wizard's forms (a number may come as text): the route reads
 * each field and answers its own Hebrew messages by field name; the amount is always the server's own. Types in
 * ../orders.ts.
 */
import { z } from 'zod';
import { digits, RefusalSchema } from './common.ts';

/** A value the route reads itself (its own Hebrew answer by field name when it is not what the form sends). */
const readByRoute = z.unknown().optional();

/** finish-page and bit-payment: the owner's draft and its chosen track. */
export const StartPaymentRequestSchema = z
  .looseObject({
    /** The ad (another account's or none: 404). */
    OrderID: readByRoute,
    RecordID: readByRoute,
    CatID: readByRoute,
    SubCatID: readByRoute,
    /** 2 on the phone-payment variant. */
    paymentmethod: readByRoute,
    /** The chosen track's hash. */
    pt_hash: readByRoute,
    /** The same key again is the same start (8 to 100 letters, digits, '-' or '_'). */
    idempotencyKey: readByRoute,
  })
  .optional();

/** The spec's isSuspected variant: a moderation rule holds this ad, so once paid it waits for review. */
const isSuspected = z.literal(true).optional();

/** finish-page: the hosted card page to frame. */
export const FinishPageResponseSchema = z.object({ merchantPaymentUrl: z.string(), isSuspected });

/** bit-payment: the hosted mobile-payment page to frame. */
export const BitPaymentResponseSchema = z.object({ sale_url: z.string(), isSuspected });

/** A start refused by field (idempotencyKey, pt_hash, packageHash, channel, OrderID, general): its Hebrew message. */
export const PaymentStartErrorsSchema = z.object({ errors: z.record(z.string(), z.string()) });

/** 409: the same key for another start (by field), or the ad is not in the state the start needs (a message). */
export const PaymentStartConflictSchema = z.union([PaymentStartErrorsSchema, RefusalSchema]);

export const PersonalPayParamsSchema = z.object({ adId: digits(15) });
export const AutoBumpPayParamsSchema = z.object({ orderId: digits(15) });

/** The gateway's two pay calls: the package (or the auto-bump week's hash) and where the frame goes on. */
export const GatewayPayRequestSchema = z
  .looseObject({
    packageHash: readByRoute,
    /** A path of the site to go on to after paying (anything else is not used). */
    successUrl: readByRoute,
    failUrl: readByRoute,
    /** creditCard or bit. */
    channel: readByRoute,
    idempotencyKey: readByRoute,
  })
  .optional();

export const GatewayPayResponseSchema = z.object({ data: z.object({ iframe: z.string() }) });
