import { PLAN_LIMITS, planOf } from '@normas/contracts/plans';
import { AppError } from '../../lib/app-error';

/**
 * What a plan allows besides questions, asked by the chats and projects modules with the user's
 * effective plan (`users.plan`, kept by billing; see `effectivePlan`).
 */

/** Chats and projects are early access (spec §6): only plans that allow chats may create or write to them. */
export function assertPlanAllowsChats(plan: string | null | undefined): void {
  if (!PLAN_LIMITS[planOf(plan)].chats) throw new AppError('PLAN_DOES_NOT_ALLOW_CHATS');
}

export function planKeepsContext(plan: string | null | undefined): boolean {
  return PLAN_LIMITS[planOf(plan)].context;
}
