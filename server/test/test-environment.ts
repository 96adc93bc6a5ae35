import { randomBytes } from 'node:crypto';
import postgres from 'postgres';

// Tests always use the real services; they fail (never skip) when those are down, so a CI
// run without Postgres or Redis is red, not silently green.
export const TEST_POSTGRES_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export const DATABASE_KINDS = ['postgres', 'pglite'] as const;
export type DatabaseKind = (typeof DATABASE_KINDS)[number];

/** A fresh, empty Postgres database for one test file, dropped afterwards. */
export async function createScratchPostgresDatabase(): Promise<{
  url: string;
  drop: () => Promise<void>;
}> {
  const name = `jotto_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(TEST_POSTGRES_URL, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = postgres(TEST_POSTGRES_URL, { max: 1, onnotice: () => {} });
      try {
        await cleanup.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

/** A loopback address of its own for a test, so rate-limit counters never collide. */
export function uniqueClientAddress(): string {
  const [a, b, c] = randomBytes(3);
  return `127.${a}.${b}.${(c ?? 1) | 1}`;
}
