import { type Algorithm, hash, verify } from '@node-rs/argon2';

// The package exports Algorithm as a const enum, which isolated modules cannot read: 2 is Argon2id.
const ARGON2ID = 2 as Algorithm.Argon2id;

// OWASP Password Storage Cheat Sheet, argon2id minimum: 19 MiB memory, 2 iterations, 1 lane.
const ARGON2ID_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

// A real hash of a random password, checked when the username is unknown so that a login
// takes as long for a missing account as for a wrong password (no account enumeration by time).
const DUMMY_HASH_PROMISE = hash('not-a-real-password-' + Math.random(), ARGON2ID_OPTIONS);

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID_OPTIONS);
}

/** Verifies a password against a stored hash; with no hash, spends the same time and fails. */
export async function verifyPassword(
  storedHash: string | null,
  password: string,
): Promise<boolean> {
  if (storedHash === null) {
    await verify(await DUMMY_HASH_PROMISE, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
