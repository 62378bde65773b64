import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { initialJsBudget } from './build-tools/initial-js-budget.ts';
import { precompress } from './build-tools/precompress.ts';
import { ROUTE_MODULES } from './build-tools/route-modules.ts';
import { routePreloadsPlugin } from './build-tools/route-preloads.ts';

const apiTarget = process.env.VITE_API_PROXY ?? 'http://localhost:3000';

/**
 * The script every page loads before it can show anything (docs/decisions/0036). Libraries that
 * only some screens need are loaded with `import()` where they are used.
 */
const INITIAL_JS = {
  maxGzipBytes: 120_000,
  forbidden: [
    {
      pattern: /[\\/]node_modules[\\/]@?firebase[\\/]/,
      reason:
        'Firebase loads only when the sign-in starts (features/auth/utils/google-id-token.ts)',
    },
    {
      pattern: /[\\/]node_modules[\\/]@stripe[\\/]/,
      reason: 'Stripe.js loads only on the checkout route',
    },
    {
      pattern: /[\\/]node_modules[\\/](?:katex|rehype-katex|remark-math)[\\/]/,
      reason: 'KaTeX loads only for an answer with math (components/markdown)',
    },
    {
      pattern: /[\\/]node_modules[\\/](?:react-markdown|micromark[^\\/]*|remark-gfm)[\\/]/,
      reason: 'the markdown renderer loads only where an answer is shown (components/markdown)',
    },
    {
      pattern: /[\\/]node_modules[\\/]zod[\\/]/,
      reason: 'response schemas load with the first answer, not before the first paint',
    },
  ],
};

export default defineConfig({
  plugins: [
    react(),
    initialJsBudget(INITIAL_JS),
    routePreloadsPlugin(ROUTE_MODULES),
    precompress(),
  ],
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, ws: true }, '/dev-auth': apiTarget },
  },
  // Every browser the app supports knows modulepreload; the polyfill would only add to the first script.
  build: { outDir: 'dist', sourcemap: true, modulePreload: { polyfill: false } },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build-tools/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    // Two cores run the whole suite; a screen that takes a second to settle there is not a failure.
    testTimeout: 15_000,
  },
});
