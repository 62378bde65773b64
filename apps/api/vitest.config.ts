import { defineConfig } from 'vitest/config';
export default defineConfig({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Each file opens its own embedded database; two at a time suit a two-core machine.
    maxWorkers: 2,
  },
});
