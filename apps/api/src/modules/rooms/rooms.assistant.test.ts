import type { Room, RoomMessage } from '@normas/contracts/rooms';
import type { Workspace } from '@normas/contracts/workspaces';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeamTestApp, type TeamTestApp } from '../workspaces/test-support/team-test-app';
import { questionOf } from './room-assistant';
import { openSocket, type TestSocket } from './test-support/ws-client';

let t: TeamTestApp;
let base: string;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  t = await createTeamTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const s of sockets) s.ws.terminate();
  await t.close();
});

const connect = async (token: string) => {
  const s = await openSocket(base, { token });
  sockets.push(s);
  return s;
};

describe('@assistente in a room', () => {
  it('answers in the room with citations, streamed to every member, counted as a question of the asker', async () => {
    const { owner, people } = await t.team(1);
    const a = people[0]!;
    const room = await t.ok<Room>('POST', '/chat/groups', owner, {
      name: 'NR-35',
      memberIds: [a.id],
    });
    const so = await connect(owner.token);
    const sa = await connect(a.token);
    sa.send({
      type: 'send',
      roomId: room.id,
      content: '@assistente o que é trabalho em altura?',
      clientId: 'q1',
    });
    const answerOf = (s: TestSocket) =>
      s.next('message', (f) => f.message.sender.id === 'assistente');
    const [forOwner, forA] = await Promise.all([answerOf(so), answerOf(sa)]);
    expect(forOwner.message).toEqual(forA.message);
    const cited = t.corpus()[0]!;
    expect(forA.message).toMatchObject({
      seq: 2,
      sender: { id: 'assistente', name: 'Assistente' },
      content: expect.stringContaining(`(/regulations/${cited.regulationId}#${cited.item})`),
      regulations: [{ id: cited.regulationId, code: 'NR-35' }],
    });
    // The deltas came before the stored answer and add up to it.
    for (const s of [so, sa]) {
      const deltas = s.all('assistant-delta').filter((d) => d.replyTo === 1);
      expect(deltas.map((d) => d.text).join('')).toBe(forA.message.content);
      const lastDelta = s.frames.lastIndexOf(deltas.at(-1)!);
      expect(lastDelta).toBeLessThan(s.frames.indexOf(s.all('message').at(-1)!));
    }
    const ws = await t.ok<Workspace>('GET', '/workspace', owner);
    expect(ws.members.find((m) => m.userId === a.id)!.questionsThisMonth).toBe(1);
    const page = await t.ok<{ data: RoomMessage[] }>('GET', `/chat/${room.id}/messages`, owner);
    expect(page.data.map((m) => m.sender.id)).toEqual([a.id, 'assistente']);
  });

  it('tells the room when the answer failed, and does not count the question', async () => {
    const { owner } = await t.team(0);
    const room = await t.ok<Room>('POST', '/chat/groups', owner, { name: 'Falhas', memberIds: [] });
    const s = await connect(owner.token);
    await t.ok('POST', `/chat/${room.id}/messages`, owner, { content: '@assistente falha geral' });
    expect(await s.next('assistant-error')).toEqual({
      type: 'assistant-error',
      roomId: room.id,
      replyTo: 1,
      message: 'Ocorreu um erro ao processar sua pergunta. Por favor, tente novamente.',
    });
    const ws = await t.ok<Workspace>('GET', '/workspace', owner);
    expect(ws.members[0]!.questionsThisMonth).toBe(0);
  });

  it('does not answer messages without the mention', async () => {
    const { owner } = await t.team(0);
    const room = await t.ok<Room>('POST', '/chat/groups', owner, { name: 'Quieto', memberIds: [] });
    const before = t.engines.calls.answers;
    await t.ok('POST', `/chat/${room.id}/messages`, owner, { content: 'email@assistente.com.br' });
    await t.ok('POST', `/chat/${room.id}/messages`, owner, { content: 'sem menção' });
    // A third message that does mention it: once its answer is stored, exactly one was asked.
    const s = await connect(owner.token);
    await t.ok('POST', `/chat/${room.id}/messages`, owner, { content: '@assistente e agora?' });
    await s.next('message', (f) => f.message.sender.id === 'assistente');
    expect(t.engines.calls.answers).toBe(before + 1);
  });
});

describe('questionOf', () => {
  it('drops the mention from the question', () => {
    expect(questionOf('@assistente qual o prazo?')).toBe('qual o prazo?');
    expect(questionOf('Pessoal, @Assistente qual o prazo?')).toBe('Pessoal,  qual o prazo?');
  });
});
