import type { Room, RoomMessage } from '@normas/contracts/rooms';
import type { Workspace } from '@normas/contracts/workspaces';
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeTeamSocket } from '../../features/team/team-socket';
import { installFakeApi } from '../../test/fake-api';
import { makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

/** A stand-in for the browser's WebSocket: the test opens, feeds and closes it. */
class FakeWebSocket {
  static OPEN = 1;
  static all: FakeWebSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeWebSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  push(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  static last() {
    return FakeWebSocket.all.at(-1)!;
  }
}

beforeEach(() => {
  FakeWebSocket.all = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
});
afterEach(() => {
  closeTeamSocket();
  vi.useRealTimers();
});

const owner = makeUser({ id: 'u-owner', name: 'Ana Souza', plan: 'business' });
const workspace: Workspace = {
  id: 'w1',
  name: 'SST Acme',
  role: 'owner',
  createdAt: '2026-11-01T12:00:00.000Z',
  members: [
    {
      userId: 'u-owner',
      name: 'Ana Souza',
      email: 'ana@exemplo.com.br',
      role: 'owner',
      joinedAt: '2026-11-01T12:00:00.000Z',
      questionsThisMonth: 4,
    },
    {
      userId: 'u-bia',
      name: 'Bia Lima',
      email: 'bia@exemplo.com.br',
      role: 'member',
      joinedAt: '2026-11-02T12:00:00.000Z',
      questionsThisMonth: 7,
    },
  ],
};
const message = (seq: number, content: string, sender = { id: 'u-bia', name: 'Bia Lima' }) =>
  ({
    id: `m${seq}`,
    roomId: 'r1',
    seq,
    sender,
    content,
    createdAt: '2026-11-20T12:00:00.000Z',
    regulations: [],
  }) satisfies RoomMessage;
const room: Room = {
  id: 'r1',
  kind: 'group',
  name: 'Obra Norte',
  members: [
    { userId: 'u-owner', name: 'Ana Souza', lastReadSeq: 0 },
    { userId: 'u-bia', name: 'Bia Lima', lastReadSeq: 1 },
  ],
  lastSeq: 3,
  lastMessage: message(3, 'Vamos à inspeção'),
  unread: 3,
  updatedAt: '2026-11-20T12:00:00.000Z',
};

describe('/equipe', () => {
  it('shows a Free user what Business adds and the WhatsApp contact, and nothing of any team', async () => {
    renderApp('/equipe', { storedUser: makeUser() });
    expect(
      await screen.findByRole('heading', { name: 'Equipe é um recurso do plano Business' }),
    ).toBeVisible();
    expect(await screen.findByRole('link', { name: /Falar no WhatsApp/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^https:\/\/wa\.me\/5511999998888\?text=/),
    );
    expect(screen.queryByRole('list', { name: 'Conversas' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Criar equipe' })).toBeNull();
  });

  it('lets a Business user create the team', async () => {
    const api = installFakeApi();
    let created = false;
    api.on('GET /api/v1/workspace', () =>
      created
        ? { body: workspace }
        : { status: 404, body: { code: 'WORKSPACE_NOT_FOUND', message: 'x' } },
    );
    api.on('GET /api/v1/workspace/invites/mine', { body: { data: [] } });
    api.on('GET /api/v1/workspace/invites', { body: { data: [] } });
    api.on('GET /api/v1/chat', { body: { data: [] } });
    api.on('POST /api/v1/workspace', () => {
      created = true;
      return { status: 201, body: workspace };
    });
    const { user } = renderApp('/equipe', { storedUser: owner, api });
    await user.type(await screen.findByLabelText('Nome da equipe'), 'SST Acme');
    await user.click(screen.getByRole('button', { name: 'Criar equipe' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'SST Acme' })).toBeVisible();
    expect(api.requestsTo('POST /api/v1/workspace')[0]!.body).toEqual({ name: 'SST Acme' });
  });

  it('lists the rooms with unread counts and the members with their questions this month; invites by e-mail', async () => {
    const api = installFakeApi();
    api.on('GET /api/v1/workspace', { body: workspace });
    api.on('GET /api/v1/workspace/invites', { body: { data: [] } });
    api.on('GET /api/v1/chat', { body: { data: [room] } });
    api.on('POST /api/v1/workspace/invites', {
      status: 201,
      body: {
        id: 'i1',
        workspaceId: 'w1',
        workspaceName: 'SST Acme',
        email: 'caio@exemplo.com.br',
        role: 'admin',
        invitedBy: 'u-owner',
        createdAt: '2026-11-20T12:00:00.000Z',
        expiresAt: '2026-11-27T12:00:00.000Z',
      },
    });
    const { user } = renderApp('/equipe', { storedUser: owner, api });
    const rooms = await screen.findByRole('list', { name: 'Conversas' });
    expect(within(rooms).getByRole('link', { name: /Obra Norte/ })).toHaveAttribute(
      'href',
      '/equipe/r1',
    );
    expect(within(rooms).getByLabelText('3 não lidas')).toHaveTextContent('3');
    const bia = screen.getByRole('row', { name: /Bia Lima/ });
    expect(within(bia).getByRole('cell', { name: '7' })).toBeVisible();
    expect(within(bia).getByRole('button', { name: 'Remover Bia Lima' })).toBeVisible();

    const form = screen.getByRole('form', { name: 'Convidar' });
    await user.type(within(form).getByLabelText('E-mail'), 'caio@exemplo.com.br');
    await user.selectOptions(within(form).getByLabelText('Papel'), 'admin');
    await user.click(within(form).getByRole('button', { name: 'Convidar' }));
    await vi.waitFor(() =>
      expect(api.requestsTo('POST /api/v1/workspace/invites')[0]?.body).toEqual({
        email: 'caio@exemplo.com.br',
        role: 'admin',
      }),
    );
  });
  it("shows the projects shared with the team and shares one of the user's own", async () => {
    const api = installFakeApi();
    api.on('GET /api/v1/workspace', { body: workspace });
    api.on('GET /api/v1/workspace/invites', { body: { data: [] } });
    api.on('GET /api/v1/chat', { body: { data: [] } });
    const shared = {
      id: 'p-bia',
      name: 'Obra Norte',
      description: '',
      owner: { id: 'u-bia', name: 'Bia Lima' },
      sharedAt: '2026-11-20T12:00:00.000Z',
      chats: [],
    };
    api.on('GET /api/v1/workspace/projects', { body: { data: [shared] } });
    api.on('GET /api/v1/regulation/projects', {
      body: {
        data: [
          {
            id: 'p-ana',
            name: 'Galpão',
            description: '',
            createdAt: '2026-11-20T12:00:00.000Z',
            chats: [],
          },
        ],
      },
    });
    api.on('PUT /api/v1/workspace/projects/p-ana', { body: { data: [shared] } });
    const { user } = renderApp('/equipe', { storedUser: owner, api });
    const list = await screen.findByRole('list', { name: 'Projetos compartilhados' });
    expect(await within(list).findByText('Obra Norte')).toBeVisible();
    const form = await screen.findByRole('form', { name: 'Compartilhar projeto' });
    await user.selectOptions(within(form).getByLabelText('Projeto seu'), 'p-ana');
    await user.click(within(form).getByRole('button', { name: 'Compartilhar com a equipe' }));
    await vi.waitFor(() =>
      expect(api.requestsTo('PUT /api/v1/workspace/projects/p-ana')).toHaveLength(1),
    );
  });
});

describe('/equipe/{roomId}', () => {
  function renderRoom() {
    const api = installFakeApi();
    api.on('GET /api/v1/chat/r1', { body: room });
    api.on('GET /api/v1/workspace', {
      body: {
        ...workspace,
        members: [
          ...workspace.members,
          {
            ...workspace.members[1]!,
            userId: 'u-caio',
            name: 'Caio Reis',
            email: 'caio@exemplo.com.br',
          },
        ],
      },
    });
    api.on('GET /api/v1/chat/r1/messages?after=0&limit=200', {
      body: { data: [message(1, 'Bom dia'), message(2, 'Tudo certo?')] },
    });
    return renderApp('/equipe/r1', { storedUser: owner, token: 'tok', api });
  }

  it('signs the socket in, resumes after the last message, and shows pushed messages live', async () => {
    renderRoom();
    const list = await screen.findByRole('list', { name: 'Mensagens' });
    await within(list).findByText('Tudo certo?');
    const ws = FakeWebSocket.last();
    expect(ws.url).toMatch(/^ws:\/\/[^/]+\/api\/v1\/chat\/ws$/);
    act(() => ws.open());
    expect(ws.sent[0]).toEqual({ type: 'auth', token: 'tok' });
    act(() => ws.push({ type: 'ready', userId: 'u-owner' }));
    expect(ws.sent).toContainEqual({ type: 'resume', roomId: 'r1', after: 2 });
    act(() => ws.push({ type: 'message', roomId: 'r1', message: message(3, 'Chegou agora') }));
    expect(await within(list).findByText('Chegou agora')).toBeVisible();
    act(() => ws.push({ type: 'typing', roomId: 'r1', userId: 'u-bia', name: 'Bia Lima' }));
    expect(await screen.findByText('Bia Lima está digitando…')).toBeVisible();
    // The assistant's answer streams in, then arrives whole.
    act(() =>
      ws.push({ type: 'assistant-delta', roomId: 'r1', replyTo: 3, text: 'Segundo a norma' }),
    );
    expect(await within(list).findByText(/Segundo a norma/)).toBeVisible();
  });

  it('shows the reconnecting state when the connection drops, and resumes where it was on return', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderRoom();
    await screen.findByText('Tudo certo?');
    const first = FakeWebSocket.last();
    act(() => {
      first.open();
      first.push({ type: 'ready', userId: 'u-owner' });
      first.push({ type: 'message', roomId: 'r1', message: message(3, 'Última antes da queda') });
    });
    act(() => first.drop());
    expect(await screen.findByRole('status')).toHaveTextContent(/Reconectando/);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    const second = FakeWebSocket.last();
    expect(second).not.toBe(first);
    act(() => {
      second.open();
      second.push({ type: 'ready', userId: 'u-owner' });
    });
    expect(second.sent).toContainEqual({ type: 'resume', roomId: 'r1', after: 3 });
    await vi.waitFor(() => expect(screen.queryByText(/Reconectando/)).toBeNull());
  });

  it('offers @assistente and the members while a mention is typed', async () => {
    const { user } = renderRoom();
    await screen.findByText('Tudo certo?');
    const box = screen.getByRole('textbox', { name: 'Mensagem' });
    await user.type(box, 'Oi @');
    const options = screen.getByRole('listbox', { name: 'Mencionar' });
    expect(
      within(options)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['@assistente Assistente de Normas', '@BiaLima Bia Lima']);
    await user.type(box, 'as');
    await user.keyboard('{Enter}');
    expect(box).toHaveValue('Oi @assistente ');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('adds a person of the team to a group and removes one', async () => {
    const { user, api } = renderRoom();
    api.on('POST /api/v1/chat/groups/r1/members', { body: room });
    api.on('DELETE /api/v1/chat/groups/r1/members/u-bia', { status: 204 });
    await user.click(await screen.findByText('Participantes (2)'));
    const form = await screen.findByRole('form', { name: 'Adicionar ao grupo' });
    await user.selectOptions(await within(form).findByLabelText('Pessoa da equipe'), 'u-caio');
    await user.click(within(form).getByRole('button', { name: 'Adicionar' }));
    await vi.waitFor(() =>
      expect(api.requestsTo('POST /api/v1/chat/groups/r1/members')[0]?.body).toEqual({
        memberIds: ['u-caio'],
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Remover Bia Lima do grupo' }));
    await vi.waitFor(() =>
      expect(api.requestsTo('DELETE /api/v1/chat/groups/r1/members/u-bia')).toHaveLength(1),
    );
  });
});

describe('unread messages in the drawer', () => {
  it('shows a Business user how many messages they have not read next to "Equipe", on any page', async () => {
    const api = installFakeApi();
    api.on('GET /api/v1/chat', {
      body: { data: [room, { ...room, id: 'r2', name: 'Obra Sul', unread: 2 }] },
    });
    renderApp('/regulations', { storedUser: owner, api });
    const drawer = screen.getByRole('navigation', { name: 'Menu principal' });
    const link = await within(drawer).findByRole('link', { name: 'Equipe, 5 não lidas' });
    expect(link).toHaveAttribute('href', '/equipe');
    expect(link).toHaveTextContent('Equipe5');
  });

  it('shows no count when everything was read', async () => {
    const api = installFakeApi();
    api.on('GET /api/v1/chat', { body: { data: [{ ...room, unread: 0 }] } });
    renderApp('/regulations', { storedUser: owner, api });
    const drawer = screen.getByRole('navigation', { name: 'Menu principal' });
    await vi.waitFor(() => expect(api.requestsTo('GET /api/v1/chat')).toHaveLength(1));
    expect(within(drawer).getByRole('link', { name: 'Equipe' })).toHaveTextContent(/^Equipe$/);
  });

  it('never asks for rooms on a Free plan', async () => {
    const free = installFakeApi();
    renderApp('/regulations', { storedUser: makeUser(), api: free });
    await screen.findAllByRole('link', { name: 'Equipe' });
    expect(free.requestsTo('GET /api/v1/chat')).toHaveLength(0);
  });
});
