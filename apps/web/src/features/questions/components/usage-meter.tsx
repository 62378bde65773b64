import type { UsageStatus } from '@normas/contracts/questions';

/** "2 de 3 perguntas hoje": what is left of the period's questions, or null without a limit. */
export function remainingQuestionsText(status: UsageStatus): string | null {
  if (status.max === null) return null;
  const remaining = Math.max(0, status.max - status.used);
  const when = status.period === 'day' ? 'hoje' : 'neste mês';
  return `${remaining} de ${status.max} perguntas ${when}`;
}

/** The questions the user still has before the limit (spec §9: Free 3 a day, Pro 100 a month). */
export function UsageMeter({ status }: { status: UsageStatus | undefined }) {
  if (!status) return null;
  const text = remainingQuestionsText(status);
  if (text === null) return null;
  const remaining = Math.max(0, status.max! - status.used);
  return (
    <p className="usage-meter" data-testid="usage-meter">
      {remaining === 1 ? 'Resta' : 'Restam'} <strong>{text}</strong>
    </p>
  );
}
