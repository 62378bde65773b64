import { z } from 'zod';
import { PLAN_IDS, PLAN_NAMES, PRO_PRICE_BRL, type PlanId } from './plans';

/** GET /plans (spec §3 Plan). */
export const PlanInfoSchema = z.object({
  id: z.enum(PLAN_IDS),
  name: z.string(),
  price: z.number().nullable(),
  description: z.string(),
  features: z.array(z.string()),
  recommended: z.boolean(),
});
export const PlansResponseSchema = z.object({ data: z.array(PlanInfoSchema) });
export type PlansResponse = z.infer<typeof PlansResponseSchema>;

export const PAYMENT_PROVIDERS = ['stripe', 'demo'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** GET /stripe/config (spec §3 Payment config). */
export const PaymentConfigSchema = z.object({
  publicKey: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
});
export type PaymentConfig = z.infer<typeof PaymentConfigSchema>;

export const CustomerBodySchema = z.object(
  {
    email: z.email({ error: 'Informe um e-mail válido.' }).max(254),
    name: z
      .string({ error: 'Informe o nome.' })
      .trim()
      .max(200, { error: 'O nome pode ter no máximo 200 caracteres.' })
      .default(''),
  },
  { error: 'Informe o e-mail e o nome.' },
);
export type CustomerBody = z.infer<typeof CustomerBodySchema>;

/** POST /stripe/customers (spec §3 Customer response). */
export const CustomerResponseSchema = z.object({ data: z.object({ id: z.string() }) });
export type CustomerResponse = z.infer<typeof CustomerResponseSchema>;

export const SubscriptionBodySchema = z.object(
  {
    planType: z.enum(PLAN_IDS, { error: 'Plano inválido: use free, pro ou business.' }),
    customerId: z
      .string({ error: 'Informe o cliente (customerId).' })
      .trim()
      .min(1, { error: 'Informe o cliente (customerId).' })
      .max(255),
    setupFutureUsage: z
      .literal('off_session', { error: 'setupFutureUsage deve ser "off_session".' })
      .default('off_session'),
  },
  { error: 'Informe o plano e o cliente.' },
);
export type SubscriptionBody = z.infer<typeof SubscriptionBodySchema>;

/** POST /stripe/subscriptions (spec §3 Subscription response). */
export const SubscriptionResponseSchema = z.object({
  data: z.object({
    clientSecret: z.string(),
    /** BRL, e.g. 29.9. */
    amount: z.number(),
    plan: z.object({ id: z.enum(PLAN_IDS), name: z.string(), price: z.number().nullable() }),
  }),
});
export type SubscriptionResponse = z.infer<typeof SubscriptionResponseSchema>;

/** POST /stripe/demo/confirm: the demo provider's card form. */
export const DemoConfirmBodySchema = z.object(
  {
    clientSecret: z
      .string({ error: 'Informe o client secret.' })
      .trim()
      .min(1, { error: 'Informe o client secret.' })
      .max(500),
    cardNumber: z
      .string({ error: 'Informe o número do cartão.' })
      .transform((v) => v.replace(/[\s-]/g, ''))
      .pipe(z.string().regex(/^\d{12,19}$/, { error: 'O número do seu cartão é inválido.' })),
  },
  { error: 'Informe o client secret e o número do cartão.' },
);
export type DemoConfirmBody = z.infer<typeof DemoConfirmBodySchema>;

export const DemoConfirmResponseSchema = z.object({ status: z.literal('succeeded') });

/** Card declines answer 402 with this body; the message is the provider's own. */
export const CardDeclinedSchema = z.object({
  code: z.literal('CARD_DECLINED'),
  message: z.string(),
  declineCode: z.string(),
});

export const SUBSCRIPTION_STATUSES = [
  'pending',
  'incomplete',
  'active',
  'past_due',
  'unpaid',
  'canceled',
  'incomplete_expired',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const PaymentRecordSchema = z.object({
  /** BRL, e.g. 29.9. */
  amount: z.number(),
  currency: z.string(),
  status: z.enum(['paid', 'failed']),
  /** ISO 8601. */
  date: z.string(),
});
export type PaymentRecord = z.infer<typeof PaymentRecordSchema>;

/** GET /billing/subscription: what the profile and /payment show about the user's plan. */
export const BillingStatusSchema = z.object({
  plan: z.enum(PLAN_IDS),
  provider: z.enum(PAYMENT_PROVIDERS),
  subscription: z
    .object({
      status: z.enum(SUBSCRIPTION_STATUSES),
      cancelAtPeriodEnd: z.boolean(),
      /** Renewal date, or the end date when cancelled at the period's end (ISO 8601). */
      currentPeriodEnd: z.string().nullable(),
      /** Where a past-due invoice can be paid (Stripe's hosted invoice page). */
      payUrl: z.string().nullable(),
    })
    .nullable(),
  lastPayment: PaymentRecordSchema.nullable(),
});
export type BillingStatus = z.infer<typeof BillingStatusSchema>;

/** Session storage keys of a checkout in progress (spec §3). */
export const CHECKOUT_STORAGE_KEYS = {
  clientSecret: 'checkout.clientSecret',
  planName: 'checkout.planName',
  planPrice: 'checkout.planPrice',
} as const;

/** A plan as GET /plans describes it (spec §3 Plan, prices and features from §9). */
export interface PlanInfo {
  id: PlanId;
  name: string;
  /** BRL per month; null for Business ("Sob consulta"). */
  price: number | null;
  description: string;
  features: string[];
  recommended: boolean;
}

/** The one source of the plans' names, prices and features (spec §9). */
export const PLANS: readonly PlanInfo[] = [
  {
    id: 'free',
    name: PLAN_NAMES.free,
    price: 0,
    description: 'Para conhecer o assistente.',
    features: [
      '3 perguntas por dia',
      'Histórico básico',
      'Sem contexto entre perguntas',
      'Sem projetos',
    ],
    recommended: false,
  },
  {
    id: 'pro',
    name: PLAN_NAMES.pro,
    price: PRO_PRICE_BRL,
    description: 'Para quem consulta as normas todos os dias.',
    features: [
      '100 perguntas por mês',
      'Histórico completo',
      'Contexto entre perguntas',
      'Projetos',
      'Recursos avançados',
      'Suporte prioritário',
    ],
    recommended: true,
  },
  {
    id: 'business',
    name: PLAN_NAMES.business,
    price: null,
    description: 'Para equipes e empresas.',
    features: [
      'Perguntas ilimitadas',
      'Vários usuários',
      'Suporte por WhatsApp',
      'Integrações personalizadas',
    ],
    recommended: false,
  },
];

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** "R$ 29,90"; "Sob consulta" for a price on request. */
export function formatPlanPrice(price: number | null): string {
  if (price === null) return 'Sob consulta';
  // Intl puts a no-break space after "R$"; the product writes an ordinary one.
  return brl.format(price).replace(/\s/u, ' ');
}
