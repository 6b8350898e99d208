/**
 * The webhook signing secrets at rest. The server signs each delivery with the subscriber's secret (HMAC-SHA256), so
 * it must be able to read the secret back: a hash would not do. It is kept encrypted with AES-256-GCM under a key
 * derived (HKDF-SHA256) from WEBHOOK_SECRETS_KEY, which lives in the environment, never in the database: a copy of the
 * database alone (a backup, a leaked dump) does not give the secrets. GCM's tag refuses a tampered box.
 */
import crypto from 'node:crypto';

const VERSION = 'v1';

export interface SecretBox {
  seal(secret: string): string;
  /** The secret, or null when the box was sealed under another key or was changed. */
  open(box: string): string | null;
}

export function secretBox(key: string): SecretBox {
  const aesKey = Buffer.from(crypto.hkdfSync('sha256', key, Buffer.alloc(0), 'webhook signing secrets', 32));
  return {
    seal(secret) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', aesKey, iv);
      const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), sealed]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(box) {
      const [version, iv, tag, sealed] = box.split('.');
      if (version !== VERSION || !iv || !tag || sealed === undefined) return null;
      try {
        const decipher = crypto.createDecipheriv('aes-256-gcm', aesKey, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

/** A new signing secret: `whsec_` and 32 random bytes. */
export const newSigningSecret = (): string => `whsec_${crypto.randomBytes(32).toString('base64url')}`;
