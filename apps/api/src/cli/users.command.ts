import { PLAN_IDS, type PlanId } from '@normas/contracts/plans';
import { createUsersRepository } from '../modules/users/users.repository';
import { UsageError } from './usage-error';
import { openCliDatabase } from './open-cli-database';

export async function runUsersCommand(args: string[]): Promise<number> {
  const [sub, email, plan] = args;
  if (sub !== 'set-plan' || !email || !plan) throw new UsageError('Argumentos inválidos.');
  if (!(PLAN_IDS as readonly string[]).includes(plan)) {
    throw new UsageError(`Plano inválido: "${plan}". Use free, pro ou business.`);
  }
  const database = await openCliDatabase();
  try {
    const user = await createUsersRepository(database.db).setPlanByEmail(email, plan as PlanId);
    if (!user) {
      process.stderr.write(`Usuário não encontrado: ${email}\n`);
      return 1;
    }
    process.stdout.write(`Plano de ${user.email} alterado para ${user.plan}.\n`);
    return 0;
  } finally {
    await database.close();
  }
}
