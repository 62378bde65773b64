import { DevTokenBodySchema, DevTokenResponseSchema } from '@normas/contracts/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DevIdentityProvider } from './dev-identity-provider';

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

/** The development identity provider's API; mounted only when Firebase is not configured. */
export const devAuthRoutes: FastifyPluginAsyncZod<{ devIdentity: DevIdentityProvider }> = async (
  app,
  { devIdentity },
) => {
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
};
