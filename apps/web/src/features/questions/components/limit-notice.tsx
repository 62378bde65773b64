import type { LimitExceeded } from '@normas/contracts/questions';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/dates';

/** The limit-exceeded state (spec §8 DAILY_LIMIT_EXCEEDED): server text, usage, reset date, upgrade. */
export function LimitNotice({ limit }: { limit: LimitExceeded }) {
  const title =
    limit.code === 'MONTHLY_LIMIT_EXCEEDED' ? 'Limite mensal atingido' : 'Limite diário atingido';
  return (
    <section className="limit-notice" role="alert" aria-labelledby="limit-title">
      <h2 id="limit-title" className="limit-title">
        {title}
      </h2>
      <p>{limit.message}</p>
      <p>
        Perguntas usadas:{' '}
        <strong data-testid="limit-usage">
          {limit.usage.used}/{limit.usage.max}
        </strong>
      </p>
      <p>O limite será renovado em {formatDate(limit.resetAt)}</p>
      <Link className="button button--primary" to="/payment">
        Atualizar para o Plano Pro
      </Link>
    </section>
  );
}
