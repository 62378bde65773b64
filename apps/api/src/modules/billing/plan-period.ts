import { PLAN_LIMITS, PLAN_TIME_ZONE, planOf, questionLimitMessage } from '@normas/contracts/plans';

/** How many questions a plan allows and in which counting period; `max: null` is unlimited. */
export interface PlanQuota {
  plan: ReturnType<typeof planOf>;
  /** The usage row this question counts against: "2026-11-21" (day) or "2026-11" (month). */
  periodKey: string;
  max: number | null;
  period: 'day' | 'month';
  /** When the period ends, ISO 8601; null for an unlimited plan. */
  resetAt: string | null;
}

interface LocalDate {
  year: number;
  month: number;
  day: number;
}

const partsFormatter = new Intl.DateTimeFormat('en-US', {
  timeZone: PLAN_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function zonedParts(instant: Date) {
  const parts = Object.fromEntries(
    partsFormatter.formatToParts(instant).map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** Offset of the plan time zone from UTC at an instant, in milliseconds (São Paulo: -3 h). */
function zoneOffsetMs(instant: Date): number {
  const p = zonedParts(instant);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant of local midnight starting a date in the plan time zone (DST-proof: offset re-checked). */
export function zonedMidnight(date: LocalDate): Date {
  const guess = Date.UTC(date.year, date.month - 1, date.day);
  const first = guess - zoneOffsetMs(new Date(guess));
  return new Date(guess - zoneOffsetMs(new Date(first)));
}

const pad = (n: number) => String(n).padStart(2, '0');

const nextDay = (date: LocalDate): LocalDate => {
  // Date.UTC normalises day 32 into the next month, and month 13 into the next year.
  const next = new Date(Date.UTC(date.year, date.month - 1, date.day + 1));
  return { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
};

/**
 * Quotas worked out for the plan-time-zone day that contains [from, until): within one local day
 * the period keys and resets stay the same, so the time-zone arithmetic (several Intl calls) runs
 * once a day instead of once per question.
 */
let day: { from: number; until: number; quotas: Map<PlanQuota['plan'], PlanQuota> } | undefined;

/** The quota a plan gives at `now`, with the key of the usage row and the next reset. */
export function planQuota(planValue: string | null | undefined, now: Date): PlanQuota {
  const plan = planOf(planValue);
  const t = now.getTime();
  if (!day || t < day.from || t >= day.until) {
    const today = zonedParts(now);
    day = {
      from: zonedMidnight(today).getTime(),
      until: zonedMidnight(nextDay(today)).getTime(),
      quotas: new Map(),
    };
  }
  let quota = day.quotas.get(plan);
  if (!quota) {
    quota = computePlanQuota(plan, now);
    day.quotas.set(plan, quota);
  }
  // A copy: callers may not change the remembered one.
  return { ...quota };
}

function computePlanQuota(plan: PlanQuota['plan'], now: Date): PlanQuota {
  const limits = PLAN_LIMITS[plan];
  const today = zonedParts(now);
  const monthKey = `${today.year}-${pad(today.month)}`;
  if (limits.period === 'day') {
    return {
      plan,
      periodKey: `${monthKey}-${pad(today.day)}`,
      max: limits.questions,
      period: 'day',
      resetAt: zonedMidnight(nextDay(today)).toISOString(),
    };
  }
  const nextMonth = new Date(Date.UTC(today.year, today.month, 1));
  const resetAt = zonedMidnight({
    year: nextMonth.getUTCFullYear(),
    month: nextMonth.getUTCMonth() + 1,
    day: 1,
  }).toISOString();
  if (limits.period === 'month')
    return { plan, periodKey: monthKey, max: limits.questions, period: 'month', resetAt };
  // Unlimited plans are still counted per month, for statistics only.
  return { plan, periodKey: monthKey, max: null, period: 'month', resetAt: null };
}

/** "Você atingiu o limite de 3 perguntas por dia do plano Gratuito." */
export function limitMessage(quota: PlanQuota): string {
  return questionLimitMessage(quota.plan, quota.max ?? 0, quota.period);
}
