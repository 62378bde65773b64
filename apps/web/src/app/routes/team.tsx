import type { Room } from '@normas/contracts/rooms';
import {
  WORKSPACE_ROLE_NAMES,
  type InviteRole,
  type Workspace,
} from '@normas/contracts/workspaces';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  errorText,
  roomsKey,
  useMyInvites,
  useMyProjects,
  useSharedProjects,
  usePendingInvites,
  useRooms,
  useTeamActions,
  useWorkspace,
} from '../../features/team/team-api';
import { useSocketStatus, useTeamSocket } from '../../features/team/use-room';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { usePublicConfig } from '../../lib/public-config';
import { useSignedInUser } from '../../lib/session';
import { RECONNECTING_TEXT } from './team-room';

const BUSINESS_WHATSAPP_TEXT = 'Olá! Quero conhecer o plano Business do Assistente de Normas.';

/** Free and Pro users: what Business adds, and how to talk to us. */
function BusinessOffer() {
  const config = usePublicConfig();
  return (
    <section className="team-offer" aria-labelledby="team-offer-title">
      <h2 id="team-offer-title">Equipe é um recurso do plano Business</h2>
      <ul>
        <li>
          Toda a equipe de SST em uma conta, com papéis de proprietário, administrador e membro.
        </li>
        <li>Grupos e conversas diretas em tempo real entre os técnicos e engenheiros.</li>
        <li>
          Mencione <strong>@assistente</strong> na conversa e receba a resposta com os itens das
          normas citados, para todos verem.
        </li>
        <li>Perguntas ilimitadas para cada membro e o uso de cada um no mês.</li>
      </ul>
      {config.data && (
        <a
          className="button button--primary"
          href={`https://wa.me/${config.data.supportWhatsapp.replace(/\D/g, '')}?text=${encodeURIComponent(BUSINESS_WHATSAPP_TEXT)}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          Falar no WhatsApp <span className="visually-hidden">(abre em nova aba)</span>
        </a>
      )}
    </section>
  );
}

function MyInvites({ userId }: { userId: string }) {
  const invites = useMyInvites(userId, true);
  const actions = useTeamActions(userId);
  if (!invites.data?.length) return null;
  return (
    <section aria-labelledby="my-invites-title" className="team-section">
      <h2 id="my-invites-title">Convites para você</h2>
      <ul className="team-list">
        {invites.data.map((invite) => (
          <li key={invite.id}>
            <span>
              <strong>{invite.workspaceName}</strong> — {WORKSPACE_ROLE_NAMES[invite.role]}
            </span>
            <button
              type="button"
              className="button button--primary"
              disabled={actions.accept.isPending}
              onClick={() => actions.accept.mutate(invite.id)}
            >
              Aceitar convite de {invite.workspaceName}
            </button>
          </li>
        ))}
      </ul>
      {actions.accept.isError && (
        <p className="form-error" role="alert">
          {errorText(actions.accept.error, 'Não foi possível aceitar o convite.')}
        </p>
      )}
    </section>
  );
}

function CreateWorkspace({ userId }: { userId: string }) {
  const [name, setName] = useState('');
  const actions = useTeamActions(userId);
  return (
    <form
      className="team-section team-form"
      onSubmit={(event) => {
        event.preventDefault();
        actions.create.mutate(name);
      }}
    >
      <h2>Criar a equipe</h2>
      <label>
        Nome da equipe
        <input value={name} onChange={(e) => setName(e.target.value)} required maxLength={120} />
      </label>
      <button type="submit" className="button button--primary" disabled={actions.create.isPending}>
        Criar equipe
      </button>
      {actions.create.isError && (
        <p className="form-error" role="alert">
          {errorText(actions.create.error, 'Não foi possível criar a equipe.')}
        </p>
      )}
    </form>
  );
}

function RoomList({ rooms }: { rooms: Room[] }) {
  if (rooms.length === 0)
    return <p>Nenhuma conversa ainda. Crie um grupo ou abra uma conversa direta.</p>;
  return (
    <ul className="team-list team-rooms" aria-label="Conversas">
      {rooms.map((room) => (
        <li key={room.id}>
          <Link to={`/equipe/${room.id}`} className="team-room-link">
            <span className="team-room-name">{room.name}</span>
            {room.lastMessage && (
              <span className="team-room-last">
                {room.lastMessage.sender.name}: {room.lastMessage.content.slice(0, 80)}
              </span>
            )}
          </Link>
          {room.unread > 0 && (
            <span className="team-unread" aria-label={`${room.unread} não lidas`}>
              {room.unread}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

function NewGroup({ workspace, userId }: { workspace: Workspace; userId: string }) {
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const actions = useTeamActions(userId);
  const navigate = useNavigate();
  const others = workspace.members.filter((m) => m.userId !== userId);
  return (
    <form
      className="team-form"
      aria-label="Novo grupo"
      onSubmit={(event) => {
        event.preventDefault();
        actions.createGroup.mutate(
          { name, memberIds: chosen },
          { onSuccess: (room) => void navigate(`/equipe/${room.id}`) },
        );
      }}
    >
      <label>
        Nome do grupo
        <input value={name} onChange={(e) => setName(e.target.value)} required maxLength={80} />
      </label>
      {others.length > 0 && (
        <fieldset>
          <legend>Participantes</legend>
          {others.map((m) => (
            <label key={m.userId} className="team-check">
              <input
                type="checkbox"
                checked={chosen.includes(m.userId)}
                onChange={(e) =>
                  setChosen((list) =>
                    e.target.checked ? [...list, m.userId] : list.filter((id) => id !== m.userId),
                  )
                }
              />
              {m.name || m.email}
            </label>
          ))}
        </fieldset>
      )}
      <button
        type="submit"
        className="button button--primary"
        disabled={actions.createGroup.isPending}
      >
        Criar grupo
      </button>
      {actions.createGroup.isError && (
        <p className="form-error" role="alert">
          {errorText(actions.createGroup.error, 'Não foi possível criar o grupo.')}
        </p>
      )}
    </form>
  );
}

function Members({ workspace, userId }: { workspace: Workspace; userId: string }) {
  const actions = useTeamActions(userId);
  const navigate = useNavigate();
  const manages = workspace.role !== 'member';
  const invites = usePendingInvites(userId, manages);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InviteRole>('member');
  const failed = [
    actions.invite,
    actions.remove,
    actions.revoke,
    actions.setRole,
    actions.openDirect,
  ].find((m) => m.isError);
  return (
    <section className="team-section" aria-labelledby="team-members-title">
      <h2 id="team-members-title">Membros</h2>
      <table className="team-table">
        <thead>
          <tr>
            <th scope="col">Nome</th>
            <th scope="col">E-mail</th>
            <th scope="col">Papel</th>
            <th scope="col">Desde</th>
            {manages && <th scope="col">Perguntas no mês</th>}
            <th scope="col">Ações</th>
          </tr>
        </thead>
        <tbody>
          {workspace.members.map((m) => (
            <tr key={m.userId}>
              <td>{m.name}</td>
              <td>{m.email}</td>
              <td>{WORKSPACE_ROLE_NAMES[m.role]}</td>
              <td>{new Date(m.joinedAt).toLocaleDateString('pt-BR')}</td>
              {manages && <td>{m.questionsThisMonth ?? 0}</td>}
              <td className="team-actions">
                {m.userId !== userId && (
                  <button
                    type="button"
                    className="button button--text"
                    onClick={() =>
                      actions.openDirect.mutate(m.userId, {
                        onSuccess: (room) => void navigate(`/equipe/${room.id}`),
                      })
                    }
                  >
                    Conversar com {m.name}
                  </button>
                )}
                {workspace.role === 'owner' && m.role !== 'owner' && (
                  <button
                    type="button"
                    className="button button--text"
                    onClick={() =>
                      actions.setRole.mutate({
                        memberId: m.userId,
                        role: m.role === 'admin' ? 'member' : 'admin',
                      })
                    }
                  >
                    {m.role === 'admin' ? 'Tornar membro' : 'Tornar administrador'}
                  </button>
                )}
                {manages && m.role !== 'owner' && m.userId !== userId && (
                  <button
                    type="button"
                    className="button button--text"
                    onClick={() => {
                      if (window.confirm(`Remover ${m.name} da equipe? O acesso termina na hora.`))
                        actions.remove.mutate(m.userId);
                    }}
                  >
                    Remover {m.name}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {manages && (
        <>
          <form
            className="team-form"
            aria-label="Convidar"
            onSubmit={(event) => {
              event.preventDefault();
              actions.invite.mutate({ email, role }, { onSuccess: () => setEmail('') });
            }}
          >
            <h3>Convidar pelo e-mail do Google</h3>
            <label>
              E-mail
              <input
                type="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                required
              />
            </label>
            <label>
              Papel
              <select value={role} onChange={(e) => setRole(e.target.value as InviteRole)}>
                <option value="member">Membro</option>
                <option value="admin">Administrador</option>
              </select>
            </label>
            <button
              type="submit"
              className="button button--primary"
              disabled={actions.invite.isPending}
            >
              Convidar
            </button>
          </form>
          {invites.data && invites.data.length > 0 && (
            <>
              <h3>Convites pendentes</h3>
              <ul className="team-list" aria-label="Convites pendentes">
                {invites.data.map((invite) => (
                  <li key={invite.id}>
                    <span>
                      {invite.email} — {WORKSPACE_ROLE_NAMES[invite.role]}, vale até{' '}
                      {new Date(invite.expiresAt).toLocaleDateString('pt-BR')}
                    </span>
                    <button
                      type="button"
                      className="button button--text"
                      onClick={() => actions.revoke.mutate(invite.id)}
                    >
                      Cancelar convite de {invite.email}
                    </button>
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
      {failed && (
        <p className="form-error" role="alert">
          {errorText(failed.error, 'Não foi possível concluir a ação.')}
        </p>
      )}
    </section>
  );
}

function SharedProjects({ workspace, userId }: { workspace: Workspace; userId: string }) {
  const shared = useSharedProjects(userId);
  const mine = useMyProjects(userId);
  const actions = useTeamActions(userId);
  const [chosen, setChosen] = useState('');
  const sharedIds = new Set(shared.data?.map((p) => p.id));
  const shareable = (mine.data ?? []).filter((p) => !sharedIds.has(p.id));
  return (
    <section className="team-section" aria-labelledby="team-projects-title">
      <h2 id="team-projects-title">Projetos compartilhados</h2>
      {shared.data?.length === 0 && <p>Nenhum projeto compartilhado com a equipe.</p>}
      <ul className="team-list" aria-label="Projetos compartilhados">
        {shared.data?.map((p) => (
          <li key={p.id}>
            <span>
              <strong>{p.name}</strong> — de {p.owner.name}
              {p.chats.length > 0 &&
                `: ${p.chats.map((c) => c.title ?? c.initialQuestion ?? 'Chat').join(', ')}`}
            </span>
            {(p.owner.id === userId || workspace.role !== 'member') && (
              <button
                type="button"
                className="button button--text"
                onClick={() => actions.unshare.mutate(p.id)}
              >
                Deixar de compartilhar {p.name}
              </button>
            )}
          </li>
        ))}
      </ul>
      {shareable.length > 0 && (
        <form
          className="team-form"
          aria-label="Compartilhar projeto"
          onSubmit={(event) => {
            event.preventDefault();
            if (chosen) actions.share.mutate(chosen, { onSuccess: () => setChosen('') });
          }}
        >
          <label>
            Projeto seu
            <select value={chosen} onChange={(e) => setChosen(e.target.value)} required>
              <option value="">Escolha um projeto</option>
              {shareable.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="button button--secondary">
            Compartilhar com a equipe
          </button>
        </form>
      )}
    </section>
  );
}

/** Keeps the rooms list (unread counts, last messages) live while the page is open. */
function useLiveRooms(userId: string) {
  const socket = useTeamSocket();
  const status = useSocketStatus(socket);
  const client = useQueryClient();
  useEffect(
    () =>
      socket.subscribe((frame) => {
        if (['message', 'members', 'room-removed', 'ready'].includes(frame.type))
          void client.invalidateQueries({ queryKey: roomsKey(userId) });
      }),
    [socket, client, userId],
  );
  return status;
}

function WorkspacePage({ workspace, userId }: { workspace: Workspace; userId: string }) {
  const rooms = useRooms(userId);
  const status = useLiveRooms(userId);
  const [newGroup, setNewGroup] = useState(false);
  return (
    <>
      <h1 className="page-title">{workspace.name}</h1>
      <p>Você é {WORKSPACE_ROLE_NAMES[workspace.role].toLowerCase()} desta equipe.</p>
      {status === 'reconnecting' && (
        <p className="team-connection" role="status">
          {RECONNECTING_TEXT}
        </p>
      )}
      <section className="team-section" aria-labelledby="team-rooms-title">
        <div className="team-section-head">
          <h2 id="team-rooms-title">Conversas</h2>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setNewGroup((v) => !v)}
          >
            Novo grupo
          </button>
        </div>
        {newGroup && <NewGroup workspace={workspace} userId={userId} />}
        {rooms.data && <RoomList rooms={rooms.data} />}
      </section>
      <Members workspace={workspace} userId={userId} />
      <SharedProjects workspace={workspace} userId={userId} />
    </>
  );
}

/** /equipe: the Business workspace — rooms, members and invites; or how to get one. */
export function TeamRoute() {
  useDocumentTitle('Equipe');
  const user = useSignedInUser();
  const workspace = useWorkspace(user.id);
  if (workspace.isPending)
    return (
      <div className="page">
        <p role="status">Carregando…</p>
      </div>
    );
  if (workspace.isError)
    return (
      <div className="page">
        <p className="form-error" role="alert">
          Não foi possível carregar a equipe.
        </p>
      </div>
    );
  if (workspace.data) {
    return (
      <div className="page team-page">
        <WorkspacePage workspace={workspace.data} userId={user.id} />
      </div>
    );
  }
  return (
    <div className="page team-page">
      <h1 className="page-title">Equipe</h1>
      <MyInvites userId={user.id} />
      {user.plan === 'business' ? <CreateWorkspace userId={user.id} /> : <BusinessOffer />}
    </div>
  );
}
