import { defineConfig } from 'drizzle-kit';

// Used only to generate SQL migrations from the schema; they are applied at start-up.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/*-tables.ts',
  out: '../migrations',
});
