import type { PublicConfig, User } from '@normas/contracts/auth';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '../app/provider';
import { routes } from '../app/router';
import { createQueryClient } from '../lib/query-client';
import { installFakeApi, type FakeApi } from './fake-api';
import { devConfig } from './fixtures';

export interface RenderAppOptions {
  /** A stored session as a returning visitor has it: token plus stored user. */
  storedUser?: User;
  token?: string;
  config?: PublicConfig;
  /** A fake API the test prepared; routes it did not declare get the defaults below. */
  api?: FakeApi;
}

/** Renders the whole app at `path` over a fake API, as a browser would load it. */
export function renderApp(path: string, options: RenderAppOptions = {}) {
  const api = options.api ?? installFakeApi();
  api.onDefault('GET /api/v1/config', { body: options.config ?? devConfig });
  api.onDefault('GET /api/v1/regulation/chats?onlyWithoutProject=true', { body: { data: [] } });
  if (options.storedUser) {
    localStorage.setItem('token', options.token ?? 'session-token');
    localStorage.setItem('userData', JSON.stringify(options.storedUser));
    api.onDefault('GET /api/v1/auth/me', { body: options.storedUser });
  } else if (options.token) {
    localStorage.setItem('token', options.token);
  }

  const queryClient = createQueryClient({ retry: false });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, api, router, queryClient, user };
}
