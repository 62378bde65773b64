import { ApiError } from './api-client';

/**
 * Spec §3: creating a project, creating a chat and sending a message give the screen a result with
 * `success` and `error` instead of throwing. `cause` keeps the failure so the screen can spot early access.
 */
export type ActionResult<T> =
  { success: true; data: T; error: null } | { success: false; error: string; cause: unknown };

/** Runs `action`; a failed call becomes the server's own message, else `fallback` (the wrapper text). */
export async function toActionResult<T>(
  action: () => Promise<T>,
  fallback: string,
): Promise<ActionResult<T>> {
  try {
    return { success: true, data: await action(), error: null };
  } catch (cause) {
    const error = cause instanceof ApiError && cause.fromServer ? cause.message : fallback;
    return { success: false, error, cause };
  }
}
