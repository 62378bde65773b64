import { act, screen } from '@testing-library/react';
import axe from 'axe-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeEventStream, routeQuestionStream } from '../../features/questions/testing/fake-stream';
import { makeAnswer } from '../../features/questions/testing/fixtures';
import { installFakeApi } from '../../test/fake-api';
import { makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { preloadMarkdown } from '../../components/markdown/markdown';

// jsdom computes no colours or boxes; contrast is checked by the end-to-end run in a browser.
const options: axe.RunOptions = { rules: { 'color-contrast': { enabled: false } } };

async function violations() {
  const results = await axe.run(document, options);
  return results.violations.map((violation) => violation.id);
}

beforeAll(() => Promise.all([preloadMarkdown(), preloadMarkdown('$')]), 30_000);

describe('accessibility of the question, history and FAQ screens (axe-core)', () => {
  it('/regulations idle and with an answer', async () => {
    document.documentElement.lang = 'pt-BR';
    vi.stubGlobal('scrollTo', vi.fn());
    const api = installFakeApi();
    const stream = fakeEventStream();
    routeQuestionStream(() => stream.response);
    const { user } = renderApp('/regulations', { api, storedUser: makeUser({ plan: 'pro' }) });
    expect(await violations()).toEqual([]);

    await user.click(screen.getByRole('button', { name: /^Quais são as responsabilidades/ }));
    act(() => stream.send('done', makeAnswer()));
    await screen.findByRole('button', { name: 'Continuar chat' });
    await screen.findByRole('link', { name: 'NR-35, item 35.2.1' });

    expect(await violations()).toEqual([]);
  });

  it("/regulations for a Free user: the remaining count, the chat offer, an abstained answer's next steps", async () => {
    document.documentElement.lang = 'pt-BR';
    vi.stubGlobal('scrollTo', vi.fn());
    const api = installFakeApi();
    api.on('GET /api/v1/usage', {
      body: { plan: 'free', used: 1, max: 3, period: 'day', resetAt: '2026-11-22T03:00:00Z' },
    });
    api.on('GET /api/v1/faqs/search', {
      body: { data: [{ id: 'f1', Pergunta: 'Qual a altura do guarda-corpo?' }] },
    });
    let stream = fakeEventStream();
    routeQuestionStream(() => stream.response);
    const { user } = renderApp('/regulations', { api, storedUser: makeUser({ plan: 'free' }) });
    await screen.findByTestId('usage-meter');
    expect(await violations()).toEqual([]);

    await user.click(screen.getByRole('button', { name: /^Quais são as responsabilidades/ }));
    act(() => stream.send('done', makeAnswer()));
    await screen.findByRole('group', { name: 'Continue esta resposta como chat no Plano Pro' });
    expect(await violations()).toEqual([]);

    stream = fakeEventStream();
    await user.click(screen.getByRole('button', { name: 'Perguntar' }));
    act(() =>
      stream.send('done', makeAnswer({ abstained: true, data: [], aiResponse: 'Não encontrei.' })),
    );
    await screen.findByRole('link', { name: 'Qual a altura do guarda-corpo?' });
    expect(await violations()).toEqual([]);
  });

  it('/history with entries and /faq with a list', async () => {
    document.documentElement.lang = 'pt-BR';
    const api = installFakeApi();
    api.on('GET /api/v1/regulation/question-history?page=1&limit=10', {
      body: {
        data: [{ id: 'h1', question: 'Pergunta?', createdAt: '2026-11-21T14:00:00Z' }],
        page: 1,
        limit: 10,
        total: 11,
      },
    });
    api.on('GET /api/v1/faqs?page=1&limit=10', {
      body: { data: [{ id: 'f1', Pergunta: 'Frequente?' }], page: 1, limit: 10, total: 1 },
    });
    const { router } = renderApp('/history', { api, storedUser: makeUser() });
    await screen.findByRole('button', { name: 'Carregar mais' });
    expect(await violations()).toEqual([]);

    await act(() => router.navigate('/faq'));
    await screen.findByRole('link', { name: 'Frequente?' });
    expect(await violations()).toEqual([]);
  });
});
