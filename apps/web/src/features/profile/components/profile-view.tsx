import type { PublicConfig, User } from '@normas/contracts/auth';
import { APP_VERSION } from '@normas/contracts/constants';
import { PLAN_NAMES, planOf } from '@normas/contracts/plans';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { Spinner } from '../../../components/ui/spinner';
import { PlanStatus } from '../../billing/components/plan-status';
import { useDocumentTitle } from '../../../hooks/use-document-title';

function NewTabHint() {
  return <span className="visually-hidden">(abre em nova aba)</span>;
}

export function ProfileView({
  user,
  config,
  signingOut,
  onSignOut,
}: {
  user: User;
  config: PublicConfig | undefined;
  signingOut: boolean;
  onSignOut: () => void;
}) {
  useDocumentTitle('Perfil');
  return (
    <div className="page profile">
      <h1 className="page-title">Perfil</h1>

      <section className="card profile-identity" aria-labelledby="profile-name">
        <Avatar name={user.name} email={user.email} size="lg" />
        <div>
          <h2 id="profile-name" className="profile-name">
            {user.name}
          </h2>
          <p className="profile-email">{user.email}</p>
        </div>
      </section>

      <PlanStatus />

      <ul className="card profile-actions">
        <li>
          <button type="button" className="profile-action" disabled>
            Editar perfil
          </button>
        </li>
        <li>
          <Link className="profile-action" to="/payment">
            <span>Gerenciar plano</span>{' '}
            <span className="badge">{PLAN_NAMES[planOf(user.plan)]}</span>
          </Link>
        </li>
        <li>
          {config ? (
            <a
              className="profile-action"
              href={`https://wa.me/${config.supportWhatsapp}`}
              target="_blank"
              rel="noopener noreferrer"
            >
              <span>Suporte</span> <NewTabHint />
            </a>
          ) : (
            <span className="profile-action profile-action--static">Suporte</span>
          )}
        </li>
        <li>
          <div className="profile-action profile-action--static">
            <span>Sobre</span> <span className="profile-detail">Versão {APP_VERSION}</span>
          </div>
        </li>
        <li>
          {config ? (
            <a
              className="profile-action"
              href={config.privacyUrl}
              target="_blank"
              rel="noopener noreferrer"
            >
              <span>Termos e privacidade</span> <NewTabHint />
            </a>
          ) : (
            <span className="profile-action profile-action--static">Termos e privacidade</span>
          )}
        </li>
        <li>
          <button
            type="button"
            className="profile-action profile-action--danger"
            onClick={onSignOut}
            disabled={signingOut}
            aria-busy={signingOut}
          >
            Sair da conta
            {signingOut && <Spinner />}
          </button>
        </li>
      </ul>
    </div>
  );
}
