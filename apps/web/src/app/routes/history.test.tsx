import type { HistoryItem } from '@normas/contracts/questions';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi } from '../../test/fake-api';
import { makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const PAGE_1 = 'GET /api/v1/regulation/question-history?page=1&limit=10';
const PAGE_2 = 'GET /api/v1/regulation/question-history?page=2&limit=10';
const LONG_QUESTION = `${'a'.repeat(60)} guarda-corpo ${'b'.repeat(80)}`;

function item(id: string, question: string, createdAt: string): HistoryItem {
  return { id, question, createdAt };
}

function main() {
  return within(screen.getByRole('main'));
}

beforeEach(() => {
  // Only the clock's date is fixed (12:00 in São Paulo); timers stay real for the queries.
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-21T15:00:00Z') });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('/history', () => {
  it('groups entries by day, newest first, with "Hoje"/"Ontem", the cut question and the time', async () => {
    const api = installFakeApi();
    api.on(PAGE_1, {
      body: {
        data: [
          item('h1', LONG_QUESTION, '2026-11-21T14:05:00.000Z'),
          item('h2', 'Quando usar cinto?', '2026-11-21T02:30:00.000Z'),
          item('h3', 'O que diz a NR-10?', '2026-11-10T12:00:00.000Z'),
          item('h0', 'Pergunta das 12h', '2026-11-21T15:00:00.000Z'),
        ],
        page: 1,
        limit: 10,
        total: 4,
      },
    });
    renderApp('/history', { api, storedUser: makeUser() });

    const days = await main().findAllByRole('heading', { level: 2 });
    expect(days.map((day) => day.textContent)).toEqual([
      'Hoje, 21/11/2026',
      'Ontem, 20/11/2026',
      '10/11/2026',
    ]);
    const today = within(main().getByRole('region', { name: 'Hoje, 21/11/2026' }));
    expect(today.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Pergunta das 12h 12:00',
      `${LONG_QUESTION.slice(0, 100)}… 11:05`,
    ]);
    expect(LONG_QUESTION.length).toBeGreaterThan(100);
    // 02:30 UTC is 23:30 of the day before in São Paulo.
    const yesterday = within(main().getByRole('region', { name: 'Ontem, 20/11/2026' }));
    expect(yesterday.getByRole('link')).toHaveTextContent(/^Quando usar cinto\? 23:30$/);
    expect(yesterday.getByRole('link')).toHaveAttribute('href', '/history/h2');
    expect(main().queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument();
  });

  it('keeps a question of exactly 100 characters whole', async () => {
    const api = installFakeApi();
    const exact = 'q'.repeat(100);
    api.on(PAGE_1, {
      body: { data: [item('h1', exact, '2026-11-21T14:00:00Z')], page: 1, limit: 10, total: 1 },
    });
    renderApp('/history', { api, storedUser: makeUser() });

    expect(await main().findByRole('link', { name: `${exact} 11:00` })).toBeInTheDocument();
  });

  it('opens an entry at /history/{id} with the question in state', async () => {
    const api = installFakeApi();
    api.on(PAGE_1, {
      body: {
        data: [item('h9', 'Qual a NR de andaimes?', '2026-11-21T14:00:00Z')],
        page: 1,
        limit: 10,
        total: 1,
      },
    });
    const { user, router } = renderApp('/history', { api, storedUser: makeUser() });

    await user.click(await main().findByRole('link', { name: /^Qual a NR de andaimes\?/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/history/h9'));
    expect(router.state.location.state).toEqual({ question: 'Qual a NR de andaimes?' });
  });

  it('"Carregar mais" loads the next page of 10 and disappears when all are loaded', async () => {
    const api = installFakeApi();
    const first = Array.from({ length: 10 }, (_, index) =>
      item(
        `p1-${index}`,
        `Pergunta ${index + 1}`,
        `2026-11-21T14:${String(50 - index).padStart(2, '0')}:00Z`,
      ),
    );
    const second = [
      item('p2-0', 'Pergunta 11', '2026-11-19T12:00:00Z'),
      item('p2-1', 'Pergunta 12', '2026-11-19T11:00:00Z'),
    ];
    api.on(PAGE_1, { body: { data: first, page: 1, limit: 10, total: 12 } });
    api.on(PAGE_2, { body: { data: second, page: 2, limit: 10, total: 12 } });
    const { user } = renderApp('/history', { api, storedUser: makeUser() });

    expect(await main().findAllByRole('link', { name: /^Pergunta \d+/ })).toHaveLength(10);
    expect(api.requestsTo(PAGE_2)).toHaveLength(0);

    await user.click(main().getByRole('button', { name: 'Carregar mais' }));

    await waitFor(() =>
      expect(main().getAllByRole('link', { name: /^Pergunta \d+/ })).toHaveLength(12),
    );
    expect(api.requestsTo(PAGE_2)).toHaveLength(1);
    expect(main().getByRole('heading', { level: 2, name: '19/11/2026' })).toBeInTheDocument();
    expect(main().queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument();
  });

  it('shows the empty state with a link to /chat', async () => {
    const api = installFakeApi();
    api.on(PAGE_1, { body: { data: [], page: 1, limit: 10, total: 0 } });
    renderApp('/history', { api, storedUser: makeUser() });

    expect(await main().findByText('Você ainda não fez nenhuma pergunta.')).toBeInTheDocument();
    expect(
      main().getByRole('link', { name: 'Faça sua primeira pergunta no Chat de Normas' }),
    ).toHaveAttribute('href', '/chat');
  });

  it('shows the load error', async () => {
    const api = installFakeApi();
    api.on(PAGE_1, { status: 500, body: { code: 'INTERNAL_ERROR', message: 'Erro.' } });
    renderApp('/history', { api, storedUser: makeUser() });

    expect(await main().findByRole('alert')).toHaveTextContent(
      /^Ocorreu um erro ao carregar o histórico de perguntas\.$/,
    );
  });
});
