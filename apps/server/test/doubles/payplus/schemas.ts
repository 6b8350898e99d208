/**
 * The bodies of the PayPlus calls our adapter makes, as PayPlus's API reference (docs.payplus.co.il, REST API v1.0)
 * defines them: the required fields, their types and ranges, and no field it does not define (`strict`), so a
 * misspelt field, a missing one or a wrong type fails our tests where PayPlus would ignore or refuse it.
 */
import { z } from 'zod';

const url = z.string().url().max(2000);
const shekels = z
  .number()
  .positive()
  .max(1_000_000)
  .refine((n) => Math.round(n * 100) === n * 100, 'at most two decimals');
const uuid = z.string().uuid();
const item = z
  .object({
    name: z.string().min(1).max(250),
    quantity: z.number().int().min(1),
    price: z.number().min(0),
    vat_type: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
    product_uid: z.string().optional(),
    barcode: z.string().optional(),
  })
  .strict();

/** POST /PaymentPages/generateLink (reference: post_paymentpages-generatelink). */
export const generateLinkBody = z
  .object({
    payment_page_uid: uuid,
    amount: z.union([shekels, z.literal(0)]),
    currency_code: z.enum(['ILS', 'USD', 'EUR']),
    sendEmailApproval: z.boolean(),
    sendEmailFailure: z.boolean(),
    charge_method: z.number().int().min(0).max(5).optional(),
    charge_default: z
      .enum([
        'credit-card',
        'bit',
        'multipass',
        'paypal',
        'praxell',
        'valuecard',
        'verifone',
        'google-pay',
        'apple-pay',
      ])
      .optional(),
    allowed_charge_methods: z.array(z.string()).optional(),
    hide_other_charge_methods: z.boolean().optional(),
    language_code: z.string().length(2).optional(),
    refURL_success: url,
    refURL_failure: url,
    refURL_cancel: url.optional(),
    refURL_callback: url.optional(),
    send_failure_callback: z.boolean().optional(),
    expiry_datetime: z
      .string()
      .regex(/^\d{1,4}$/)
      .optional(),
    payments: z.number().int().min(1).max(36).optional(),
    more_info: z.string().max(255).optional(),
    more_info_2: z.string().max(255).optional(),
    create_token: z.boolean().optional(),
    initial_invoice: z.boolean().optional(),
    customer: z
      .object({ customer_name: z.string(), email: z.string().email(), phone: z.string().optional() })
      .partial()
      .optional(),
    items: z.array(item).optional(),
  })
  .strict()
  // Only a check of the card (J2) or its tokenisation charges nothing.
  .refine((b) => b.amount > 0 || b.charge_method === 0 || b.charge_method === 5, {
    message: 'amount must be positive for a charge',
    path: ['amount'],
  });

/** POST /PaymentPages/ipn: one of the two references. */
export const ipnBody = z
  .object({ payment_request_uid: uuid.optional(), transaction_uid: uuid.optional() })
  .strict()
  .refine((b) => b.payment_request_uid || b.transaction_uid, 'payment_request_uid or transaction_uid is required');

/** POST /PaymentPages/ipn-full. */
export const ipnFullBody = z
  .object({
    payment_request_uid: uuid.optional(),
    transaction_uid: uuid.optional(),
    more_info: z.string().optional(),
    related_transaction: z.boolean().optional(),
  })
  .strict()
  .refine(
    (b) => b.payment_request_uid || b.transaction_uid || b.more_info,
    'payment_request_uid, transaction_uid or more_info is required',
  );

/** POST /Transactions/RefundByTransactionUID. */
export const refundBody = z
  .object({
    transaction_uid: uuid,
    amount: shekels,
    more_info: z.string().max(255).optional(),
    initial_invoice: z.boolean().optional(),
  })
  .strict();

/** POST /Transactions/Charge with a saved card's token. */
export const chargeBody = z
  .object({
    terminal_uid: uuid,
    cashier_uid: uuid,
    amount: shekels,
    currency_code: z.enum(['ILS', 'USD', 'EUR']),
    use_token: z.literal(true),
    token: uuid,
    customer_uid: uuid.optional(),
    credit_terms: z.number().int().min(1).max(8).optional(),
    charge_method: z.number().int().optional(),
    more_info: z.string().max(255).optional(),
    more_info_2: z.string().max(255).optional(),
    initial_invoice: z.boolean().optional(),
    products: z.array(item).optional(),
  })
  .strict();
