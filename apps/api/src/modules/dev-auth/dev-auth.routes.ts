import {
  DevTokenBodySchema,
  DevTokenResponseSchema,
  PlanSchema,
  UserSchema,
} from '@normas/contracts/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { toUserDto, type UsersRepository } from '../users/users.repository';
import type { DevIdentityProvider } from './dev-identity-provider';
import { loopbackOnly } from './loopback-only';

const JwksSchema = z.object({
  keys: z.array(
    z.object({
      kty: z.string(),
      n: z.string(),
      e: z.string(),
      kid: z.string(),
      alg: z.string(),
      use: z.string(),
    }),
  ),
});

/**
 * The development identity provider's API; mounted only when Firebase is not configured, and it
 * answers clients on this machine only: anyone else could sign in as anyone.
 */
export const devAuthRoutes: FastifyPluginAsyncZod<{
  devIdentity: DevIdentityProvider;
  users: UsersRepository;
  /** Only the tests switch a plan without paying. */
  planSwitch: boolean;
}> = async (app, { devIdentity, users, planSwitch }) => {
  app.addHook('onRequest', loopbackOnly);
  app.get(
    '/dev-auth/jwks.json',
    {
      schema: {
        tags: ['dev-auth'],
        summary: 'Chaves públicas do provedor de identidade de desenvolvimento',
        response: { 200: JwksSchema },
      },
    },
    async () => devIdentity.jwks(),
  );

  app.post(
    '/dev-auth/token',
    {
      config: { rateLimitClass: 'signIn' },
      schema: {
        tags: ['dev-auth'],
        summary:
          'Emite um ID token de teste, no formato do Firebase, para uma conta Google fictícia',
        body: DevTokenBodySchema,
        response: { 200: DevTokenResponseSchema },
      },
    },
    async (request) => ({ idToken: await devIdentity.issueIdToken(request.body) }),
  );

  // Lets a test account switch its own plan offline, for the automated tests only: outside them
  // no route changes a plan without a payment.
  if (!planSwitch) return;
  app.put(
    '/dev-auth/plan',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['dev-auth'],
        summary: 'Troca o plano da própria conta de teste (somente desenvolvimento)',
        security: [{ bearer: [] }],
        body: z.object({ plan: PlanSchema }, { error: 'Informe o plano: free, pro ou business.' }),
        response: { 200: UserSchema },
      },
    },
    async (request) => {
      const updated = await users.setPlanByEmail(request.auth!.user.email, request.body.plan);
      if (!updated) throw new AppError('NOT_FOUND');
      return toUserDto(updated);
    },
  );
};
