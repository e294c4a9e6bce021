import { createHmac } from 'node:crypto';

/*
 * One secret, separate keys per use: a CSRF value can never be replayed as a token
 * signature or the other way round.
 */

/** A 256-bit key derived from the server secret for `purpose`. */
export function deriveKey(secret: string, purpose: 'jwt' | 'csrf'): Uint8Array {
  return new Uint8Array(createHmac('sha256', secret).update(`bluetik:${purpose}:v1`).digest());
}
