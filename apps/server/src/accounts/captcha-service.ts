import crypto from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { Clock } from '../platform/clock.ts';
import type { Queryable } from '../platform/db/db.ts';
import { captchaImage, insertCaptcha, useCaptcha } from './captchas-repository.ts';

const TTL_MS = 10 * 60 * 1000;

export interface IssuedCaptcha {
  captcha: 1;
  captchaId: string;
  captchaUrl: string;
}

/** Image captchas: issued with an id, shown as SVG, each answer usable once within 10 minutes. */
export class CaptchaService {
  constructor(
    private readonly db: Queryable,
    private readonly clock: Clock,
  ) {}

  async issue(): Promise<IssuedCaptcha> {
    const id = crypto.randomBytes(16).toString('base64url');
    const { text, data } = svgCaptcha.create({ size: 5, noise: 2, ignoreChars: '0oO1lIi', background: '#ffffff' });
    const expires = new Date(this.clock.now().getTime() + TTL_MS);
    await insertCaptcha(this.db, { id, answer: text, svg: data, expiresAt: expires });
    return { captcha: 1, captchaId: id, captchaUrl: `/api/auth/captcha/${id}` };
  }

  /** The SVG image of an issued captcha, or null when unknown or expired. */
  async image(id: string): Promise<string | null> {
    return captchaImage(this.db, id, this.clock.now());
  }

  /** Consumes the captcha; true when the answer matches (case-insensitive). */
  async verify(id: string | undefined, answer: string | undefined): Promise<boolean> {
    if (!id || !answer) return false;
    const expected = await useCaptcha(this.db, id, this.clock.now());
    return expected !== null && expected.toLowerCase() === answer.trim().toLowerCase();
  }
}
