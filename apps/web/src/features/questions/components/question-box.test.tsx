import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, type FakeApi } from '../../../test/fake-api';
import { makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { routeQuestionStream, fakeEventStream } from '../testing/fake-stream';

const SUGGESTIONS = 'GET /api/v1/suggestions';
const FAQS = [
  { id: 'faq:f1', Pergunta: 'Qual a altura mínima do guarda-corpo?', source: 'faq', code: 'NR-18' },
  {
    id: 'topic:NR-35:1',
    Pergunta: 'O que a NR-35 estabelece sobre trabalho em altura?',
    source: 'topic',
    code: 'NR-35',
  },
  {
    id: 'asked:3',
    Pergunta: 'Quem pode ministrar o treinamento de altura?',
    source: 'asked',
    code: null,
  },
];

function input() {
  return screen.getByRole('combobox', { name: 'Sua pergunta' });
}

function suggestionRequests(api: FakeApi) {
  return api.requests.filter((request) => request.path.startsWith('/api/v1/suggestions'));
}

async function pause(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

let api: FakeApi;

function renderPage() {
  const view = renderApp('/regulations', { api, storedUser: makeUser() });
  // Typing must move the fake clock too, or user-event's own delays would never end.
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  return { ...view, user };
}

describe('question suggestions', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    api = installFakeApi();
    api.on(SUGGESTIONS, { body: { data: FAQS } });
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks for suggestions only after a 300 ms pause, at most 8', async () => {
    const { user } = renderPage();

    await user.type(input(), 'altura');
    expect(suggestionRequests(api)).toHaveLength(0);
    await pause(200);
    expect(suggestionRequests(api)).toHaveLength(0);
    await pause(100);

    expect(suggestionRequests(api).map((request) => request.path)).toEqual([
      '/api/v1/suggestions?search=altura&limit=8',
    ]);
    const list = await screen.findByRole('listbox', { name: 'Sugestões de perguntas' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(FAQS.map((faq) => faq.Pergunta));
    expect(input()).toHaveAttribute('aria-expanded', 'true');
    expect(input()).not.toHaveAttribute('aria-activedescendant');
  });

  it('moves with the arrow keys and fills the box with the suggestion picked by Enter', async () => {
    const calls = routeQuestionStream(() => fakeEventStream().response);
    const { user } = renderPage();
    await user.type(input(), 'altura');
    await pause(300);
    const list = await screen.findByRole('listbox');
    const options = within(list).getAllByRole('option');

    await user.keyboard('{ArrowDown}');
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(input()).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(input()).toHaveAttribute('aria-activedescendant', options[2]!.id);
    await user.keyboard('{ArrowDown}');
    expect(input()).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await user.keyboard('{ArrowUp}');
    expect(options[2]).toHaveAttribute('aria-selected', 'true');
    expect(options[0]).toHaveAttribute('aria-selected', 'false');

    await user.keyboard('{Enter}');

    expect(input()).toHaveValue('Quem pode ministrar o treinamento de altura?');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input()).toHaveAttribute('aria-expanded', 'false');
    expect(calls).toHaveLength(0);

    // With the list closed, Enter asks the question.
    await user.keyboard('{Enter}');
    expect(calls.map((call) => call.body)).toEqual([
      { question: 'Quem pode ministrar o treinamento de altura?' },
    ]);
  });

  it('closes the list on Escape and keeps the text', async () => {
    const { user } = renderPage();
    await user.type(input(), 'altura');
    await pause(300);
    await screen.findByRole('listbox');

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input()).toHaveValue('altura');
  });

  it('picks a suggestion by click', async () => {
    const { user } = renderPage();
    await user.type(input(), 'altura');
    await pause(300);

    await user.click(await screen.findByRole('option', { name: FAQS[1]!.Pergunta }));

    expect(input()).toHaveValue(FAQS[1]!.Pergunta);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('clears the suggestions when the box is emptied', async () => {
    const { user } = renderPage();
    await user.type(input(), 'altura');
    await pause(300);
    await screen.findByRole('listbox');

    await user.clear(input());
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await pause(300);

    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(suggestionRequests(api)).toHaveLength(1);
  });
  it('asks for no suggestions once the question ends in a question mark', async () => {
    const { user } = renderPage();
    await user.type(input(), 'Qual a altura do guarda-corpo?');
    await pause(300);
    expect(suggestionRequests(api)).toHaveLength(0);
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.type(input(), '{Backspace}');
    await pause(300);
    expect(suggestionRequests(api).map((request) => request.path)).toEqual([
      '/api/v1/suggestions?search=Qual+a+altura+do+guarda-corpo&limit=8',
    ]);
  });
});
