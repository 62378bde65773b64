import type { FaqSummary } from '@normas/contracts/faqs';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeAnswerRegulation } from '../../features/questions/testing/fixtures';
import { installFakeApi } from '../../test/fake-api';
import { makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { preloadMarkdown } from '../../components/markdown/markdown';

const LIST_1 = 'GET /api/v1/faqs?page=1&limit=10';
const LIST_2 = 'GET /api/v1/faqs?page=2&limit=10';
const ERROR = 'Ocorreu um erro ao carregar as perguntas frequentes.';

function faqs(count: number, from = 1): FaqSummary[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `faq-${from + index}`,
    Pergunta: `Pergunta frequente ${from + index}?`,
  }));
}

function list() {
  return screen.getByRole('list', { name: 'Perguntas frequentes' });
}

beforeAll(() => Promise.all([preloadMarkdown(), preloadMarkdown('$')]), 30_000);

describe('/faq', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lists pages of 10 and "Carregar mais" brings the next page', async () => {
    const api = installFakeApi();
    api.on(LIST_1, { body: { data: faqs(10), page: 1, limit: 10, total: 13 } });
    api.on(LIST_2, { body: { data: faqs(3, 11), page: 2, limit: 10, total: 13 } });
    const { user } = renderApp('/faq', { api, storedUser: makeUser() });

    await screen.findByRole('list', { name: 'Perguntas frequentes' });
    expect(within(list()).getAllByRole('link')).toHaveLength(10);

    await user.click(screen.getByRole('button', { name: 'Carregar mais' }));

    await waitFor(() => expect(within(list()).getAllByRole('link')).toHaveLength(13));
    expect(within(list()).getAllByRole('link').at(-1)).toHaveTextContent('Pergunta frequente 13?');
    expect(api.requestsTo(LIST_2)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument();
  });

  it('searches after a 300 ms pause in typing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = installFakeApi();
    const search = 'GET /api/v1/faqs/search?page=1&limit=10&search=extintor';
    api.on(LIST_1, { body: { data: faqs(2), page: 1, limit: 10, total: 2 } });
    api.on(search, {
      body: {
        data: [{ id: 'faq-9', Pergunta: 'Onde instalar extintores?' }],
        page: 1,
        limit: 10,
        total: 1,
      },
    });
    renderApp('/faq', { api, storedUser: makeUser() });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    await screen.findByRole('list', { name: 'Perguntas frequentes' });

    await user.type(
      screen.getByRole('searchbox', { name: 'Buscar nas perguntas frequentes' }),
      'extintor',
    );
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(
      api.requests.filter((request) => request.path.startsWith('/api/v1/faqs/search')),
    ).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(100));

    await waitFor(() =>
      expect(
        within(list())
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['Onde instalar extintores?']),
    );
    expect(
      api.requests.filter((request) => request.path.startsWith('/api/v1/faqs/search')),
    ).toEqual([
      expect.objectContaining({ path: '/api/v1/faqs/search?page=1&limit=10&search=extintor' }),
    ]);
  });

  it('says when a search finds nothing', async () => {
    const api = installFakeApi();
    api.on(LIST_1, { body: { data: faqs(1), page: 1, limit: 10, total: 1 } });
    api.on('GET /api/v1/faqs/search', { body: { data: [], page: 1, limit: 10, total: 0 } });
    const { user } = renderApp('/faq', { api, storedUser: makeUser() });

    await user.type(screen.getByRole('searchbox'), 'xyz');

    expect(await screen.findByText('Nenhuma pergunta encontrada para “xyz”.')).toBeInTheDocument();
  });

  it('shows the load error', async () => {
    const api = installFakeApi();
    api.on(LIST_1, 'network-error');
    renderApp('/faq', { api, storedUser: makeUser() });

    expect(await screen.findByRole('alert')).toHaveTextContent(new RegExp(`^${ERROR}$`));
  });

  it('opens /faq/{id} with the FAQ in state and shows its answer', async () => {
    const api = installFakeApi();
    api.on(LIST_1, { body: { data: faqs(2), page: 1, limit: 10, total: 2 } });
    api.on('GET /api/v1/faqs/faq-2', {
      body: {
        id: 'faq-2',
        Pergunta: 'Pergunta frequente 2?',
        answer: 'Resposta com $x^2$ e [NR-35, item 35.2.1](/regulations/reg-35#35.2.1).',
        regulations: [makeAnswerRegulation()],
      },
    });
    const { user, router } = renderApp('/faq', { api, storedUser: makeUser() });

    await user.click(await screen.findByRole('link', { name: 'Pergunta frequente 2?' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/faq/faq-2'));
    expect(router.state.location.state).toEqual({
      faq: { id: 'faq-2', Pergunta: 'Pergunta frequente 2?' },
    });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Pergunta frequente 2?' }),
    ).toBeInTheDocument();
    const answer = await screen.findByRole('region', { name: 'Resposta' });
    expect(await within(answer).findByRole('link', { name: 'NR-35, item 35.2.1' })).toHaveAttribute(
      'href',
      '/regulations/reg-35#35.2.1',
    );
    expect(within(answer).getByRole('region', { name: 'Normas relacionadas' })).toBeInTheDocument();
  });

  it('shows the load error on /faq/{id}', async () => {
    const api = installFakeApi();
    api.on('GET /api/v1/faqs/faq-2', {
      status: 500,
      body: { code: 'INTERNAL_ERROR', message: 'x' },
    });
    renderApp('/faq/faq-2', { api, storedUser: makeUser() });

    expect(await screen.findByRole('alert')).toHaveTextContent(new RegExp(`^${ERROR}$`));
  });
});
