import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

// Secrets the app makes for itself when the environment gives none (see app-secrets.ts).

/**
 * The random secrets standing in for SESSION_SECRET and DAILY_SECRET when they are unset: made
 * by the first node to start, read by every node of the database, so that they all agree.
 */
export const appSecrets = pgTable('app_secrets', {
  name: text('name', { enum: ['session', 'daily'] }).primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
