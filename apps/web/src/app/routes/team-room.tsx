import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Markdown, preloadMarkdown } from '../../components/markdown/markdown';
import { MessageSources } from '../../features/chats/components/message-sources';
import { RoomComposer, handleOf, type MentionOption } from '../../features/team/room-composer';
import type { Room } from '@normas/contracts/rooms';
import {
  errorText,
  getRoom,
  roomsKey,
  useTeamActions,
  useWorkspace,
} from '../../features/team/team-api';
import { useRoom } from '../../features/team/use-room';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useSignedInUser } from '../../lib/session';

export const RECONNECTING_TEXT = 'Reconectando… as mensagens chegam assim que a conexão voltar.';
export const REMOVED_TEXT = 'Você não faz mais parte desta conversa.';

const timeFormat = () => new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit' });

/** A group's participants: add people of the team, remove someone, or leave. */
function GroupMembers({ room, userId }: { room: Room; userId: string }) {
  const workspace = useWorkspace(userId);
  const actions = useTeamActions(userId);
  const [chosen, setChosen] = useState('');
  const inRoom = new Set(room.members.map((m) => m.userId));
  const addable = (workspace.data?.members ?? []).filter((m) => !inRoom.has(m.userId));
  const failed = [actions.addToGroup, actions.removeFromGroup].find((m) => m.isError);
  return (
    <details className="team-group-members">
      <summary>Participantes ({room.members.length})</summary>
      <ul className="team-list" aria-label="Participantes">
        {room.members.map((m) => (
          <li key={m.userId}>
            <span>{m.userId === userId ? 'Você' : m.name}</span>
            <button
              type="button"
              className="button button--text"
              onClick={() =>
                actions.removeFromGroup.mutate({ roomId: room.id, memberId: m.userId })
              }
            >
              {m.userId === userId ? 'Sair do grupo' : `Remover ${m.name} do grupo`}
            </button>
          </li>
        ))}
      </ul>
      {addable.length > 0 && (
        <form
          className="team-form"
          aria-label="Adicionar ao grupo"
          onSubmit={(event) => {
            event.preventDefault();
            if (chosen)
              actions.addToGroup.mutate(
                { roomId: room.id, memberIds: [chosen] },
                { onSuccess: () => setChosen('') },
              );
          }}
        >
          <label>
            Pessoa da equipe
            <select value={chosen} onChange={(e) => setChosen(e.target.value)} required>
              <option value="">Escolha</option>
              {addable.map((m) => (
                <option key={m.userId} value={m.userId}>
                  {m.name || m.email}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="button button--secondary">
            Adicionar
          </button>
        </form>
      )}
      {failed && (
        <p className="form-error" role="alert">
          {errorText(failed.error, 'Não foi possível mudar os participantes.')}
        </p>
      )}
    </details>
  );
}

/** /equipe/{roomId}: a group or direct room, live. */
export function TeamRoomRoute() {
  const { roomId = '' } = useParams();
  const user = useSignedInUser();
  const client = useQueryClient();
  const room = useQuery({
    queryKey: ['room', roomId],
    queryFn: ({ signal }) => getRoom(roomId, signal),
  });
  const live = useRoom(roomId, user.id, () => {
    void client.invalidateQueries({ queryKey: ['room', roomId] });
    void client.invalidateQueries({ queryKey: roomsKey(user.id) });
  });
  const title = room.data?.name ?? 'Conversa';
  useDocumentTitle(title);
  useEffect(() => {
    void preloadMarkdown();
  }, []);

  const options = useMemo<MentionOption[]>(
    () => [
      { handle: 'assistente', label: 'Assistente de Normas' },
      ...(room.data?.members ?? [])
        .filter((m) => m.userId !== user.id)
        .map((m) => ({ handle: handleOf(m.name), label: m.name })),
    ],
    [room.data, user.id],
  );

  const endRef = useRef<HTMLDivElement>(null);
  const streamingText = [...live.streaming.values()].join('');
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [live.messages.length, live.pending.length, streamingText]);

  const format = useMemo(timeFormat, []);
  const gone = live.removed || live.closeCode === 4403 || room.isError;

  return (
    <div className="page chat-page team-room">
      <p className="team-back">
        <Link to="/equipe">← Equipe</Link>
      </p>
      <h1 className="page-title">{title}</h1>
      {room.data && (
        <p className="team-room-members">
          {room.data.members.map((m) => (m.userId === user.id ? 'Você' : m.name)).join(', ')}
        </p>
      )}
      {room.data?.kind === 'group' && !gone && <GroupMembers room={room.data} userId={user.id} />}
      {live.status === 'reconnecting' && !gone && (
        <p className="team-connection" role="status">
          {RECONNECTING_TEXT}
        </p>
      )}
      {gone && (
        <p className="form-error" role="alert">
          {room.isError ? 'Conversa não encontrada.' : REMOVED_TEXT}
        </p>
      )}
      <ol className="message-list" aria-label="Mensagens">
        {live.messages.map((m) => {
          const mine = m.sender.id === user.id;
          const assistant = m.sender.id === 'assistente';
          return (
            <li
              key={m.seq}
              className={`message ${mine ? 'message--user' : 'message--assistant'} team-message`}
              data-seq={m.seq}
            >
              <p className="team-message-meta">
                <span className="team-message-sender">{mine ? 'Você' : m.sender.name}</span>{' '}
                <time dateTime={m.createdAt}>{format.format(new Date(m.createdAt))}</time>
              </p>
              <div className="message-markdown">
                <Markdown>{m.content}</Markdown>
              </div>
              {assistant && <MessageSources regulations={m.regulations} />}
            </li>
          );
        })}
        {live.pending.map((p) => (
          <li key={p.clientId} className="message message--user team-message" aria-busy="true">
            <p className="team-message-meta">
              <span className="team-message-sender">Você</span> <span>Enviando…</span>
            </p>
            <p className="message-text">{p.content}</p>
          </li>
        ))}
        {[...live.streaming.entries()].map(([replyTo, text]) => (
          <li
            key={`s${replyTo}`}
            className="message message--assistant team-message"
            aria-busy="true"
          >
            <p className="team-message-meta">
              <span className="team-message-sender">Assistente</span>
            </p>
            <div className="message-markdown">
              <Markdown streaming>{text}</Markdown>
            </div>
          </li>
        ))}
      </ol>
      {live.typing.length > 0 && (
        <p className="team-typing" role="status">
          {live.typing.join(', ')} {live.typing.length > 1 ? 'estão' : 'está'} digitando…
        </p>
      )}
      {live.assistantError && (
        <p className="form-error" role="alert">
          {live.assistantError}
        </p>
      )}
      {live.loadError && !gone && (
        <p className="form-error" role="alert">
          Não foi possível carregar as mensagens.
        </p>
      )}
      <div ref={endRef} />
      <RoomComposer
        options={options}
        onSend={live.send}
        onTyping={live.notifyTyping}
        disabled={!live.loaded || gone}
      />
    </div>
  );
}
