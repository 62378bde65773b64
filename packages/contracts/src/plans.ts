/** Plans and their limits (spec §9). */
export const PLAN_IDS = ['free', 'pro', 'business'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const PLAN_NAMES: Record<PlanId, string> = {
  free: 'Gratuito',
  pro: 'Pro',
  business: 'Business',
};

/** A missing or unknown plan counts as free (spec §3 User). */
export function planOf(plan: string | null | undefined): PlanId {
  return (PLAN_IDS as readonly string[]).includes(plan ?? '') ? (plan as PlanId) : 'free';
}

export function isFreePlan(plan: string | null | undefined): boolean {
  return planOf(plan) === 'free';
}

export const PLAN_LIMITS = {
  free: { questions: 3, period: 'day', context: false, chats: false },
  pro: { questions: 100, period: 'month', context: true, chats: true },
  business: { questions: Infinity, period: 'none', context: true, chats: true },
} as const satisfies Record<
  PlanId,
  { questions: number; period: string; context: boolean; chats: boolean }
>;

export const PRO_PRICE_BRL = 29.9;
export const PLAN_TIME_ZONE = 'America/Sao_Paulo';

/**
 * "Você atingiu o limite de 3 perguntas por dia do plano Gratuito.": the message of a 429, and of the
 * question page when it opens with the period's questions already used.
 */
export function questionLimitMessage(plan: PlanId, max: number, period: 'day' | 'month'): string {
  const per = period === 'day' ? 'por dia' : 'por mês';
  return `Você atingiu o limite de ${max} perguntas ${per} do plano ${PLAN_NAMES[plan]}.`;
}
