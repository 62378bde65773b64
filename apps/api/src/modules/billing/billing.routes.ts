import {
  BillingStatusSchema,
  CardDeclinedSchema,
  CustomerBodySchema,
  CustomerResponseSchema,
  DemoConfirmBodySchema,
  DemoConfirmResponseSchema,
  PaymentConfigSchema,
  PlansResponseSchema,
  SubscriptionBodySchema,
  SubscriptionResponseSchema,
} from '@normas/contracts/billing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';

const signedIn = { tags: ['billing'], security: [{ bearer: [] }] };

export const billingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const billing = ctx.billing;
  const payment = { rateLimitClass: 'payment' as const };

  app.get(
    '/plans',
    {
      schema: {
        tags: ['billing'],
        summary: 'Os planos Gratuito, Pro e Business, com preços e recursos',
        response: { 200: PlansResponseSchema },
      },
    },
    async () => billing.plans(),
  );

  app.get(
    '/stripe/config',
    {
      schema: {
        tags: ['billing'],
        summary:
          'Chave pública do provedor de pagamento e qual provedor está em uso (stripe ou demo)',
        response: { 200: PaymentConfigSchema },
      },
    },
    async () => billing.config(),
  );

  app.post(
    '/stripe/customers',
    {
      onRequest: app.requireUser,
      config: payment,
      schema: {
        ...signedIn,
        summary: 'Cria (uma vez) o cliente de pagamento do usuário; o e-mail deve ser o da conta',
        body: CustomerBodySchema,
        response: { 200: CustomerResponseSchema },
      },
    },
    async (request) => ({
      data: await billing.createCustomer(request.auth!.user, request.body),
    }),
  );

  app.post(
    '/stripe/subscriptions',
    {
      onRequest: app.requireUser,
      config: payment,
      schema: {
        ...signedIn,
        summary:
          'Cria a assinatura Pro aguardando o primeiro pagamento e devolve o client secret (idempotente)',
        body: SubscriptionBodySchema,
        response: { 200: SubscriptionResponseSchema },
      },
    },
    async (request) => billing.createSubscription(request.auth!.user, request.body),
  );

  app.get(
    '/billing/subscription',
    {
      onRequest: app.requireUser,
      schema: {
        ...signedIn,
        summary: 'Plano, situação da assinatura, renovação ou fim, e o último pagamento',
        response: { 200: BillingStatusSchema },
      },
    },
    async (request) => billing.status(request.auth!.user),
  );

  for (const [path, cancel, summary] of [
    ['/billing/subscription/cancel', true, 'Cancela a assinatura ao fim do período pago'],
    ['/billing/subscription/reactivate', false, 'Desfaz o cancelamento antes do fim do período'],
  ] as const) {
    app.post(
      path,
      {
        onRequest: app.requireUser,
        config: payment,
        schema: { ...signedIn, summary, response: { 200: BillingStatusSchema } },
      },
      async (request) => billing.setCancelAtPeriodEnd(request.auth!.user, cancel),
    );
  }

  // The demo card form: only with the demo provider, never in production.
  if (billing.provider.kind === 'demo' && ctx.config.env !== 'production') {
    app.post(
      '/stripe/demo/confirm',
      {
        onRequest: app.requireUser,
        config: payment,
        schema: {
          ...signedIn,
          summary:
            'Pagamento de demonstração: 4242 4242 4242 4242 paga, 4000 0000 0000 0002 é recusado',
          body: DemoConfirmBodySchema,
          response: { 200: DemoConfirmResponseSchema, 402: CardDeclinedSchema },
        },
      },
      async (request) => billing.confirmDemo(request.auth!.user, request.body),
    );
  }

  // Stripe's webhook: the signature is checked on the raw bytes, so this scope keeps them.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(
      '/stripe/webhook',
      {
        schema: {
          tags: ['billing'],
          summary:
            'Eventos do Stripe, assinados (Stripe-Signature); cada evento é aplicado uma vez',
          response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }) },
        },
      },
      async (request) => {
        const raw = request.body;
        if (!Buffer.isBuffer(raw)) throw new AppError('WEBHOOK_SIGNATURE_INVALID');
        const signature = request.headers['stripe-signature'];
        const event = await billing.provider.parseWebhook(
          raw,
          typeof signature === 'string' ? signature : undefined,
        );
        const result = await billing.handleEvent(event);
        return { received: true as const, duplicate: result === 'duplicate' };
      },
    );
  });
};
