import type { LoginResponse } from '@normas/contracts/auth';
import type { FastifyInstance } from 'fastify';

/**
 * Signs a test user in the way the browser does in development: an ID token from the development
 * identity provider, exchanged at /auth/login for the API's own session token.
 */
export async function signIn(
  app: FastifyInstance,
  identity: { email: string; name: string },
): Promise<LoginResponse> {
  const issued = await app.inject({
    method: 'POST',
    url: '/api/v1/dev-auth/token',
    payload: identity,
  });
  if (issued.statusCode !== 200) {
    throw new Error(`dev-auth/token answered ${issued.statusCode}: ${issued.body}`);
  }
  const { idToken } = issued.json() as { idToken: string };
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { idToken },
  });
  if (login.statusCode !== 200) {
    throw new Error(`auth/login answered ${login.statusCode}: ${login.body}`);
  }
  return login.json() as LoginResponse;
}

/** The Authorization header for a session token. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
