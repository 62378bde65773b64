import { ERRORS, type ErrorCode } from '@normas/contracts/errors';

/** The one error type services throw; the error handler turns it into `{code, message, details}`. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode | (string & {}),
    status?: number,
    message?: string,
    readonly details?: unknown,
    readonly headers?: Record<string, string>,
    /** Extra top-level fields of the error body, e.g. `usage` and `resetAt` of a limit error. */
    readonly body?: Record<string, unknown>,
  ) {
    const known = (ERRORS as Record<string, { status: number; message: string }>)[code];
    super(message ?? known?.message ?? ERRORS.INTERNAL_ERROR.message);
    this.status = status ?? known?.status ?? 500;
    this.name = 'AppError';
  }
}

export const appError = (code: ErrorCode, message?: string, details?: unknown) =>
  new AppError(code, undefined, message, details);
