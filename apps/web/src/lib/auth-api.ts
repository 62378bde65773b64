import type { LoginBody, LoginResponse, User } from '@normas/contracts/auth';
import { apiRequest } from './api-client';
import { LoginResponseSchema, LogoutResponseSchema, UserSchema } from './auth-schemas';

export const meQueryKey = ['auth', 'me'] as const;

export function getMe(
  options: { signal?: AbortSignal; ignoreUnauthorized?: boolean } = {},
): Promise<User> {
  return apiRequest('/auth/me', { schema: UserSchema, ...options });
}

export function postLogin(idToken: string): Promise<LoginResponse> {
  const body: LoginBody = { idToken };
  return apiRequest('/auth/login', {
    method: 'POST',
    body,
    schema: LoginResponseSchema,
    ignoreUnauthorized: true,
  });
}

export function postLogout(): Promise<{ ok: true }> {
  return apiRequest('/auth/logout', {
    method: 'POST',
    schema: LogoutResponseSchema,
    ignoreUnauthorized: true,
  });
}
