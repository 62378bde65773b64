import { defineConfig } from 'vitest/config';

// `*.services.test.ts` need a PostgreSQL server and Redis: they run in CI's services phase, where
// `.ci/run` sets DATABASE_URL (and provides Redis), together with every other API test on PostgreSQL.
const services = process.env.DATABASE_URL ? [] : ['src/**/*.services.test.ts'];

export default defineConfig({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...services],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
