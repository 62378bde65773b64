import { defineConfig } from 'vitest/config';

// One runner for the whole repository: each workspace is a project with its own environment.
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/api', 'apps/web/vite.config.ts'],
    // API test files each open their own database; two files at a time suit a two-core machine.
    maxWorkers: 2,
  },
});
