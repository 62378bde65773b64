import { defineConfig } from 'drizzle-kit';

// Used only to generate SQL migrations (`npx drizzle-kit generate`); the app applies them with the
// in-code migrator, which works for both PGlite and PostgreSQL.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
