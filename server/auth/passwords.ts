import argon2 from 'argon2';

/*
 * argon2id with OWASP's minimum profile (m = 19 MiB, t = 2, p = 1; DECISIONS §3).
 * The whole password is hashed: argon2 has no 72-byte cut-off like bcrypt, and the
 * contract caps input at 128 characters so nobody can make the server hash megabytes.
 */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password (salted, self-describing PHC string). */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

/** Whether `password` matches `hash`; a malformed hash is a mismatch, never an error. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;

/**
 * Hashes the dummy password ahead of the first sign-in (the app calls this at start), so
 * even the first unknown number costs one verification, not a hash and a verification.
 */
export function prepareDummyHash(): Promise<string> {
  return (dummy ??= hashPassword('dummy password that matches nothing'));
}

/**
 * Spends the same work as a real check, for an unknown account, so the answer's timing
 * doesn't tell whether a number is registered.
 */
export async function burnPasswordCheck(password: string): Promise<false> {
  await verifyPassword(await prepareDummyHash(), password);
  return false;
}
