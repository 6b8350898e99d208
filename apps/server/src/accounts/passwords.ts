import { hash, verify } from '@node-rs/argon2';

// Argon2id (algorithm 2) with OWASP's recommended minimum cost.
const options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

/** Spec §5 password hint: at least 6 characters, English letters, at least one digit. */
export function passwordMeetsPolicy(password: string): boolean {
  return (
    password.length >= 6 &&
    password.length <= 128 &&
    /[A-Za-z]/.test(password) &&
    /\d/.test(password) &&
    /^[\x21-\x7e]+$/.test(password)
  );
}

let dummy: Promise<string> | undefined;
/** A hash to verify against when the account does not exist, so timing does not reveal it. */
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword('not-a-real-password-1');
  return dummy;
}
