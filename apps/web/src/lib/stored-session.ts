import type { User } from '@normas/contracts/auth';
import { UserSchema } from './auth-schemas';

// Key names are part of the spec (§3 "Local storage keys: token and userData").
const TOKEN_KEY = 'token';
const USER_KEY = 'userData';

export function readToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function writeToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
}

function parseStoredUser(
  raw: string | null,
  schema: NonNullable<ReturnType<typeof UserSchema.current>>,
) {
  if (!raw) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The stored copy of the user, or null when it is missing or no longer matches the contract;
 * undefined while the contract's schema has not arrived yet (see readStoredUser).
 */
export function readStoredUserNow(): User | null | undefined {
  const schema = UserSchema.current();
  return schema ? parseStoredUser(localStorage.getItem(USER_KEY), schema) : undefined;
}

/** The stored copy of the user, checked against the contract once its schema has loaded. */
export async function readStoredUser(): Promise<User | null> {
  const raw = localStorage.getItem(USER_KEY);
  if (!raw) return null;
  return parseStoredUser(raw, await UserSchema.load());
}

export function writeStoredUser(user: User): void {
  localStorage.setItem(USER_KEY, JSON.stringify(user));
}

export function clearStoredSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
}
