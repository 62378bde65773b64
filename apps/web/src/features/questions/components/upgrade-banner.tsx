import { Link } from 'react-router';

/** Shown to users on the free plan or with no plan (spec §2). */
export function UpgradeBanner() {
  return (
    <aside className="upgrade-banner" aria-label="Plano Pro">
      <p>
        Você está no plano Gratuito, com 3 perguntas por dia. No Plano Pro são 100 perguntas por
        mês, histórico completo e chats com contexto.
      </p>
      <Link className="button button--primary" to="/payment">
        Conhecer o Plano Pro
      </Link>
    </aside>
  );
}
