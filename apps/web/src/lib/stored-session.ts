import type { User } from '@normas/contracts/auth';
import { PLAN_IDS } from '@normas/contracts/plans';
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

const isString = (value: unknown): value is string => typeof value === 'string';

/**
 * The contract's UserSchema written out by hand, for the first paint: the page shows the stored
 * user before zod and the contract (a chunk of their own) have arrived, instead of waiting for
 * them. Same rules and same result (only the contract's keys); a test holds it to the schema.
 */
export function checkUserShape(value: unknown): User | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { id, uid, email, name, photoURL, plan, createdAt, updatedAt } = value as Record<
    string,
    unknown
  >;
  if (![id, uid, email, name, createdAt, updatedAt].every(isString)) return null;
  if (photoURL !== null && !isString(photoURL)) return null;
  if (!PLAN_IDS.some((known) => known === plan)) return null;
  return { id, uid, email, name, photoURL, plan, createdAt, updatedAt } as User;
}

/**
 * The stored copy of the user, or null when it is missing or does not match the contract: checked
 * by the contract's schema once it has loaded, by checkUserShape before (docs/decisions/0034).
 */
export function readStoredUserNow(): User | null {
  const raw = localStorage.getItem(USER_KEY);
  const schema = UserSchema.current();
  if (schema) return parseStoredUser(raw, schema);
  if (!raw) return null;
  try {
    return checkUserShape(JSON.parse(raw));
  } catch {
    return null;
  }
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
