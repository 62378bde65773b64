import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { preloadRoutes } from '../app/router';
import { UserSchema } from '../lib/auth-schemas';
import { resetViewport } from './viewport';

// findBy… and waitFor give a busy two-core machine time before they call a screen wrong.
configure({ asyncUtilTimeout: 5_000 });

// Screens and the user's schema load on demand in the browser (docs/decisions/0036); loaded once
// here, the app renders as it does for a returning visitor, and tests need not wait for chunks.
beforeAll(() => Promise.all([preloadRoutes(), UserSchema.load()]), 30_000);

beforeEach(() => {
  resetViewport();
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
