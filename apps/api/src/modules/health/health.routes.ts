import { HealthResponseSchema, ReadyResponseSchema } from '@normas/contracts/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';

export const healthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'O processo está vivo',
        response: { 200: HealthResponseSchema },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/ready',
    {
      schema: {
        tags: ['health'],
        summary:
          'Banco de dados acessível e migrações aplicadas; 503 "stopping" assim que o processo recebe o pedido para parar',
        response: { 200: ReadyResponseSchema, 503: ReadyResponseSchema },
      },
    },
    async (_request, reply) => {
      const up = await ctx.database.ping();
      const applied = up && (await ctx.database.migrationsApplied());
      const body = {
        status: ctx.lifecycle.draining
          ? ('stopping' as const)
          : up && applied
            ? ('ready' as const)
            : ('not_ready' as const),
        database: up ? ('up' as const) : ('down' as const),
        migrations: applied ? ('applied' as const) : ('pending' as const),
      };
      return reply.status(body.status === 'ready' ? 200 : 503).send(body);
    },
  );
};
