import { randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { AppConfig } from '../config/config.ts';
import type { Database } from './database.ts';
import { appSecrets } from './secret-tables.ts';

/** The secrets the app runs with, whichever place each came from. */
export interface AppSecrets {
  /** Keys the stored hashes of session ids, codes and tokens, and signs cookies. */
  session: string;
  /** The key of the Daily Jotto word draw. */
  daily: string;
}

type SecretName = keyof AppSecrets;

/** The variable that sets each secret. */
const VARIABLES = { session: 'SESSION_SECRET', daily: 'DAILY_SECRET' } as const;

/** The secrets of this start, and which of them it made (to say so once, in the log). */
export interface ResolvedSecrets {
  secrets: AppSecrets;
  /** The variables whose random stand-in this start generated and stored (a first start). */
  generated: (typeof VARIABLES)[SecretName][];
}

/**
 * The secrets of this start, resolved once before anything uses them: each from its variable
 * when set, else the random one kept in `app_secrets`. A missing row is made here (32 random
 * bytes, base64url) with ON CONFLICT DO NOTHING and every row is then read back, so nodes
 * starting at once on one database all run with the row that won. The two secrets are
 * separate rows, so that one leaking does not reveal the other.
 */
export async function resolveAppSecrets(
  db: Database,
  config: Pick<AppConfig, 'sessionSecret' | 'dailySecret'>,
): Promise<ResolvedSecrets> {
  const fromEnvironment: Record<SecretName, string | null> = {
    session: config.sessionSecret,
    daily: config.dailySecret,
  };
  const missing = (Object.keys(fromEnvironment) as SecretName[]).filter(
    (name) => fromEnvironment[name] === null,
  );
  const stored = new Map<SecretName, string>();
  let generated: ResolvedSecrets['generated'] = [];
  if (missing.length > 0) {
    const inserted = await db
      .insert(appSecrets)
      .values(missing.map((name) => ({ name, value: randomBytes(32).toString('base64url') })))
      .onConflictDoNothing({ target: appSecrets.name })
      .returning({ name: appSecrets.name });
    generated = inserted.map((row) => VARIABLES[row.name]);
    const rows = await db
      .select({ name: appSecrets.name, value: appSecrets.value })
      .from(appSecrets)
      .where(inArray(appSecrets.name, missing));
    for (const row of rows) stored.set(row.name, row.value);
  }
  const secretOf = (name: SecretName): string => {
    const value = fromEnvironment[name] ?? stored.get(name);
    // Only a row deleted between the insert and the read could leave one missing.
    if (value === undefined) throw new Error(`the stored ${VARIABLES[name]} stand-in is missing`);
    return value;
  };
  return {
    secrets: { session: secretOf('session'), daily: secretOf('daily') },
    generated,
  };
}
