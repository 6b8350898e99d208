/**
 * A secret kept in a file of the data directory: read when the file is there, else made (32 random bytes,
 * base64url) and written readable by this user only. For a key that must outlive a restart of a local product on
 * its embedded database when the environment gives none (the webhooks' secrets key: main.ts); a deployment sets it in
 * its environment instead, the same in every process.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export function keptKey(dir: string, name: string): string {
  const file = path.join(dir, name);
  try {
    const kept = fs.readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const made = crypto.randomBytes(32).toString('base64url');
  fs.mkdirSync(dir, { recursive: true });
  // 'w' also replaces a file too short to be a key; a reader of the old one gets an error, never half a key.
  fs.writeFileSync(`${file}.tmp`, made, { mode: 0o600 });
  fs.renameSync(`${file}.tmp`, file);
  return made;
}
