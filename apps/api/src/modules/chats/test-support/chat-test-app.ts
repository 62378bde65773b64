import type { Chat } from '@normas/contracts/chats';
import type { PlanId } from '@normas/contracts/plans';
import type { AppContext } from '../../../context';
import { bearer, signIn } from '../../../test/sign-in';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { fakeEngines } from '../../questions/test-support/fake-engines';
import {
  insertFixtureCorpus,
  type FixtureSection,
} from '../../questions/test-support/fixture-corpus';
import { createUsersRepository } from '../../users/users.repository';

export type Headers = Record<string, string>;

export interface ChatTestUser {
  id: string;
  email: string;
  headers: Headers;
}

/**
 * An app over the fixture NRs for chat tests. By default the question page's fake engines answer
 * (they cite NR-35 35.1.2, and fail on "falha"); `realEngines` keeps the configured retrieval and
 * extractive engine, with `overrides` to wrap them.
 */
export async function createChatTestApp(
  options: { realEngines?: boolean; overrides?: Partial<AppContext> } = {},
) {
  let corpus: FixtureSection[] = [];
  const engines = fakeEngines(() => corpus);
  const overrides = options.realEngines
    ? options.overrides
    : ({
        retrieval: engines.retrieval,
        answers: engines.answers,
        ...options.overrides,
      } as unknown as Partial<AppContext>);
  const t: TestApp = await createTestApp(
    {},
    {
      beforeBuild: async (database) => {
        corpus = await insertFixtureCorpus(database);
      },
      overrides,
    },
  );

  let count = 0;
  async function user(plan: PlanId = 'pro'): Promise<ChatTestUser> {
    const email = `chat${++count}-${plan}@example.com`;
    const login = await signIn(t.app, { email, name: `Pessoa ${count}` });
    if (plan !== 'free') await createUsersRepository(t.database.db).setPlanByEmail(email, plan);
    return { id: login.user.id, email, headers: bearer(login.token) };
  }

  const inject = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: unknown) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers, payload: payload as object | undefined });

  /** Asks on the question page and answers its chatKey, the way "Continuar chat" gets it. */
  async function askQuestion(u: ChatTestUser, question: string) {
    const res = await inject('POST', '/regulation/question', u.headers, { question });
    if (res.statusCode !== 200) throw new Error(`question answered ${res.statusCode}: ${res.body}`);
    return res.json() as { chatKey: string; aiResponse: string; data: unknown[] };
  }

  async function createChat(u: ChatTestUser, payload: object): Promise<Chat> {
    const res = await inject('POST', '/regulation/chat/create', u.headers, payload);
    if (res.statusCode !== 201)
      throw new Error(`chat/create answered ${res.statusCode}: ${res.body}`);
    return res.json() as Chat;
  }

  return { ...t, corpus: () => corpus, engines, user, inject, askQuestion, createChat };
}

export type ChatTestApp = Awaited<ReturnType<typeof createChatTestApp>>;
