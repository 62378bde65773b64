import type { User } from '@normas/contracts/auth';
import { PLAN_LIMITS, planOf } from '@normas/contracts/plans';

/**
 * Where a signed-in user starts: the chat on plans that have chats (spec §2), and the question
 * page on the others, where a first question gets its answer (docs/decisions/0035).
 */
export function homePath(user: Pick<User, 'plan'>): '/chat' | '/regulations' {
  return PLAN_LIMITS[planOf(user.plan)].chats ? '/chat' : '/regulations';
}
