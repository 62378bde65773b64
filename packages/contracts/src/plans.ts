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
