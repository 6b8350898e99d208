/**
 * The phone calls of the contact step (after-save-area.md §7, under /api/publish/): the SMS and the voice call that
 * verify a number, their check, a number's use in publishing, a virtual number, the customer's numbers; and the
 * SMS/voice sandbox's (behind the sandbox key, hidden from the OpenAPI document). Types in ../phones.ts. The spec's
 * field names; its flags come as 1/0, "1"/"0" or true/false.
 */
import { z } from 'zod';

/** A flag of the spec: 1, "1", true or "true" is on; anything else off; missing (or empty) is the call's default. */
const flag = z.union([z.boolean(), z.number(), z.string(), z.null()]).optional();

/** POST valid-phone: send the first SMS (or a resend with forceSend). */
export const ValidPhoneRequestSchema = z.object({
  Phone1: z.string().optional(),
  /** 1: send again even within the resend cool-down. */
  forceSend: flag,
  /** 1: verify again a number this customer has already confirmed. */
  forceConfirm: flag,
  /** Our addition: 0 for the second contact's number (a landline allowed); the primary phone by default. */
  mainPhone: flag,
});

/** POST valid-phone-code: confirm the code of the SMS (or of the voice call). */
export const ValidPhoneCodeRequestSchema = z.object({
  Phone1: z.string().optional(),
  /** Five digits. */
  Code: z.string().optional(),
  mainPhone: flag,
});

/** POST send_IVR_confirmation (mainPhone as valid-phone's) and POST valid-phone-check. */
export const PhoneOnlyRequestSchema = z.object({ Phone1: z.string().optional(), mainPhone: flag });

/** POST update-phone-activation. CustID is accepted and ignored: the session decides whose phone it is. */
export const UpdatePhoneActivationRequestSchema = z.object({
  CustID: z.union([z.number(), z.string()]).optional(),
  phone: z.union([z.string(), z.number()]).optional(),
  /** 1 deactivate, 0 activate. */
  newState: z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]),
});

export const UpdatePhoneActivationAnswerSchema = z.object({
  status: z.literal(200),
  /** 1: the number is not offered in publishing. */
  deactivatedInPublish: z.union([z.literal(0), z.literal(1)]),
});

/** 200 of the phone calls. */
export const PhoneSuccessSchema = z.object({
  status: z.literal(200),
  virtualPhoneID: z.number().int().nullable(),
  /** The number as shown (050-1234567). */
  phone: z.string(),
  virtualPhone: z.string().nullable(),
  /** Our addition: 1 when the number is confirmed for this customer (set the field), 0 when a code is on its way. */
  confirmed: z.union([z.literal(0), z.literal(1)]),
  /** valid-phone-check: 1 once the voice call confirmed the number. */
  result: z.union([z.literal(0), z.literal(1)]).optional(),
});

/** 500 of the phone calls (the spec's): a typed error (1-19) in `error`, or the number's or code's rule in `errors`. */
export const PhoneFailureSchema = z.union([
  z.object({ status: z.literal(500), error: z.string(), errorType: z.number().int().optional() }),
  z.object({ status: z.literal(500), errors: z.array(z.string()) }),
]);

/** GET add-virtual?phone=…: one of the customer's verified numbers. */
export const AddVirtualQuerySchema = z.object({ phone: z.string().optional() });

/** A virtual number (07x) that forwards to the number; the same one again on a repeated call. */
export const VirtualPhoneResponseSchema = z.object({
  status: z.literal(200),
  virtualPhoneID: z.number().int(),
  /** The forwarded number as shown (050-1234567). */
  phone: z.string(),
  /** The virtual number as shown (073-1234567). */
  virtualPhone: z.string(),
});

/** One entry of the customer's phone list (spec §3 "Phone option"). */
export const PhoneOptionSchema = z.object({
  text: z.string(),
  value: z.string(),
  main: z.union([z.literal(0), z.literal(1)]),
  deactivatedInPublish: z.union([z.literal(0), z.literal(1)]),
  virtual_phone: z.string().nullable(),
  selected: z.union([z.literal(0), z.literal(1)]),
});

export const PhoneListResponseSchema = z.object({ status: z.literal(200), phones: z.array(PhoneOptionSchema) });

// ---- The SMS/voice sandbox ----

/** GET /api/sandbox/phones/outbox[?to=]: the messages, of one number (its digits) or all. */
export const SandboxPhoneOutboxQuerySchema = z.object({ to: z.string().optional() });

/** A message of the SMS/voice sandbox's outbox. */
export const OutboxPhoneMessageSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['sms', 'call']),
  to: z.string(),
  text: z.string(),
  status: z.enum(['delivered', 'queued', 'ringing', 'answered', 'rejected']),
  pressed: z.string().nullable(),
  createdAt: z.string(),
});
export const SandboxPhoneOutboxSchema = z.object({ messages: z.array(OutboxPhoneMessageSchema) });

/** The sandbox's failure switch: 'fail' refuses every SMS, call and virtual number; 'late' delivers an SMS later. */
export const SandboxSmsFailureSchema = z.enum(['none', 'fail', 'late']);
export const SandboxPhoneSettingsSchema = z.object({ smsFailure: SandboxSmsFailureSchema });

/** POST /api/sandbox/phones/calls/:id/answer: the key pressed on a ringing call (1 confirms the number). */
export const SandboxCallParamsSchema = z.object({ id: z.string().regex(/^\d{1,15}$/) });
export const SandboxCallAnswerRequestSchema = z.object({ key: z.string().regex(/^[0-9*#]$/) });
export const SandboxCallAnswerSchema = z.object({ status: z.literal(200), confirmed: z.boolean() });
