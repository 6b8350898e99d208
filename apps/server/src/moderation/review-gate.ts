/**
 * Moderation's answer when an ad goes live (ads/go-live-service.ts asks through a ReviewGate): the rules an admin edits say
 * why it must wait (rules.ts), and its case joins the queue (reviews-repository.ts). Handed to goLive by its callers
 * above moderation, and by the app (app.ts) to those below it (what a paid payment delivers, the payment starts).
 */
import type { ReviewGate } from '../ads/go-live-service.ts';
import { holdForReview } from './reviews-repository.ts';
import { holdReasons } from './rules.ts';

export const reviewGate: ReviewGate = { holdReasons, hold: holdForReview };
