/** POST /api/publish/policy-check (ours): the server's part of the policy check before publishing. */
import type { z } from 'zod';
import type { PolicyCheckRequestSchema, PolicyCheckResponseSchema } from './schemas/policy.ts';

/** The category, the ad (not compared with itself) and its free-text fields by wire name, at most 10, each up to 5000 characters. */
export type PolicyCheckRequest = z.infer<typeof PolicyCheckRequestSchema>;

export type PolicyCheckResponse = z.infer<typeof PolicyCheckResponseSchema>;
