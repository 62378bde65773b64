import { ERRORS, type ErrorBody } from '@normas/contracts/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';

/** Fastify's own 4xx codes, answered with our pt-BR texts instead of Fastify's English ones. */
const FASTIFY_CODES: Record<string, keyof typeof ERRORS> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'VALIDATION_ERROR',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_VALIDATION: 'VALIDATION_ERROR',
};

interface FieldProblem {
  field: string;
  message: string;
}

function validationProblems(error: unknown): FieldProblem[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  const context = (error as { validationContext?: string }).validationContext ?? 'body';
  return error.validation.map((v) => {
    const field = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
    return { field: field || context, message: v.message ?? 'valor inválido' };
  });
}

/** One error handler: `{code, message, details?}`, pt-BR text, never a stack or driver text. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status: number;
    let body: ErrorBody;

    if (error instanceof AppError) {
      status = error.status;
      body = { ...error.body, code: error.code, message: error.message };
      if (error.details !== undefined) body.details = error.details;
      if (error.headers) reply.headers(error.headers);
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const problems = validationProblems(error);
      status = 400;
      body = {
        code: 'VALIDATION_ERROR',
        message: problems[0]?.message ?? ERRORS.VALIDATION_ERROR.message,
        details: problems,
      };
    } else if (error.code && FASTIFY_CODES[error.code]) {
      const code = FASTIFY_CODES[error.code]!;
      status = ERRORS[code].status;
      body = { code, message: ERRORS[code].message };
    } else if (
      typeof error.statusCode === 'number' &&
      error.statusCode >= 400 &&
      error.statusCode < 500
    ) {
      status = error.statusCode;
      const code =
        status === 401
          ? 'UNAUTHENTICATED'
          : status === 404
            ? 'NOT_FOUND'
            : status === 429
              ? 'RATE_LIMITED'
              : 'VALIDATION_ERROR';
      body = { code, message: ERRORS[code].message };
    } else {
      status = 500;
      body = { code: 'INTERNAL_ERROR', message: ERRORS.INTERNAL_ERROR.message };
    }

    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: body.code, status }, 'request rejected');
    return reply.status(status).type('application/json; charset=utf-8').send(body);
  });
}
