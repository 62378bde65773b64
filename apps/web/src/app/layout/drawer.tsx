import { useNavigate, Link, NavLink } from 'react-router';
import { Avatar } from '../../components/ui/avatar';
import { LogoMark } from '../../components/ui/logo';
import { IndependentChatList } from '../../features/chats/components/independent-chat-list';
import { useTeamUnread } from '../../features/team/team-unread';
import { useSignedInUser } from '../../lib/session';

/** The side drawer of spec §2. `onNavigate` runs on every link or chat click. */
export function Drawer({
  id,
  open,
  onNavigate,
}: {
  id: string;
  open: boolean;
  onNavigate: () => void;
}) {
  const user = useSignedInUser();
  const navigate = useNavigate();
  // Rooms exist only in a Business workspace; members are shown the Business plan they use.
  const unread = useTeamUnread(user.id, user.plan === 'business');

  return (
    <nav
      id={id}
      className="drawer"
      data-open={open}
      aria-label="Menu principal"
      // A closed drawer is off screen: keep it out of the tab order and the accessibility tree.
      inert={!open}
      aria-hidden={!open}
    >
      <Link to="/chat" className="drawer-logo" onClick={onNavigate}>
        <LogoMark />
        <span>Assistente de Normas</span>
      </Link>

      <section className="drawer-section" aria-labelledby="drawer-panel-title">
        <h2 id="drawer-panel-title" className="drawer-section-title">
          Painel de Normas
        </h2>
        <NavLink to="/chat" className="drawer-link" onClick={onNavigate}>
          Chat de Normas
        </NavLink>
        <NavLink to="/regulations" end className="drawer-link" onClick={onNavigate}>
          Perguntar às normas
        </NavLink>
        <NavLink to="/regulations/index" className="drawer-link" onClick={onNavigate}>
          Normas em vigor
        </NavLink>
        <NavLink to="/history" className="drawer-link" onClick={onNavigate}>
          Histórico
        </NavLink>
        <NavLink to="/faq" className="drawer-link" onClick={onNavigate}>
          Perguntas frequentes
        </NavLink>
        <NavLink to="/minha-empresa" className="drawer-link" onClick={onNavigate}>
          Minha empresa
        </NavLink>
        <NavLink
          to="/equipe"
          className="drawer-link"
          onClick={onNavigate}
          aria-label={
            unread > 0 ? `Equipe, ${unread} não ${unread === 1 ? 'lida' : 'lidas'}` : undefined
          }
        >
          Equipe
          {unread > 0 && (
            <span className="drawer-badge" aria-hidden="true">
              {unread > 99 ? '99+' : unread}
            </span>
          )}
        </NavLink>
      </section>

      <section className="drawer-section drawer-section--grow" aria-labelledby="drawer-chats-title">
        <div className="drawer-section-head">
          <h2 id="drawer-chats-title" className="drawer-section-title">
            Chats Independentes
          </h2>
          <button
            type="button"
            className="button button--text"
            onClick={() => {
              onNavigate();
              navigate('/projects');
            }}
          >
            Ver mais
          </button>
        </div>
        <IndependentChatList
          userId={user.id}
          labelledBy="drawer-chats-title"
          onSelect={onNavigate}
        />
      </section>

      <div className="drawer-user">
        <Avatar name={user.name} email={user.email} />
        <div className="drawer-user-text">
          <p className="drawer-user-name">{user.name}</p>
          <p className="drawer-user-email">{user.email}</p>
          <Link to="/profile" className="drawer-user-link" onClick={onNavigate}>
            Ver perfil
          </Link>
        </div>
      </div>
    </nav>
  );
}
