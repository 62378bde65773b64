import {
  LoginBodySchema,
  LoginResponseSchema,
  LogoutResponseSchema,
  PublicConfigSchema,
  UserSchema,
} from '@normas/contracts/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { toUserDto } from '../users/users.repository';

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/config',
    {
      schema: {
        tags: ['auth'],
        summary: 'Configuração pública do navegador: modo de login, suporte e privacidade',
        response: { 200: PublicConfigSchema },
      },
    },
    async () => ctx.auth.publicConfig(),
  );

  app.post(
    '/auth/login',
    {
      config: { rateLimitClass: 'signIn' },
      schema: {
        tags: ['auth'],
        summary: 'Troca o ID token do Google por um token de sessão',
        body: LoginBodySchema,
        response: { 200: LoginResponseSchema },
      },
    },
    async (request) => ctx.auth.login(request.body.idToken),
  );

  app.get(
    '/auth/me',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'O usuário da sessão',
        security: [{ bearer: [] }],
        response: { 200: UserSchema },
      },
    },
    // A workspace member is shown the Business plan they use while a member (issue 11).
    async (request) => toUserDto(await ctx.effectiveUser(request.auth!.user)),
  );

  app.post(
    '/auth/logout',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Encerra a sessão; o mesmo token deixa de valer',
        security: [{ bearer: [] }],
        response: { 200: LogoutResponseSchema },
      },
    },
    async (request) => {
      await ctx.auth.logout(request.auth!);
      return { ok: true as const };
    },
  );
};
