import { createHmac, randomBytes } from 'node:crypto';

/** A fresh opaque token with 256 bits of randomness, safe in cookies and URLs. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The keyed hash under which a token (session id, verification code) is stored. Keyed with
 * the session secret so that a leaked table alone reveals nothing usable.
 */
export function hashToken(secret: string, token: string): string {
  return createHmac('sha256', secret).update(token).digest('hex');
}
