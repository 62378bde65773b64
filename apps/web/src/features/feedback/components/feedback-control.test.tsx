import { FEEDBACK_COMMENT_MAX, FEEDBACK_THANKS_MS } from '@normas/contracts/constants';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { installFakeApi } from '../../../test/fake-api';
import { FeedbackControl } from './feedback-control';

const FEEDBACK = 'POST /api/v1/chat/feedback';
const MESSAGE_ID = '00000000-0000-4000-8000-000000000002';

/** Without `failure` the fake server stores the feedback and answers it back, as the API does. */
function setup(failure?: { status: number; body: unknown }) {
  const api = installFakeApi();
  api.on(FEEDBACK, (request) => {
    if (failure) return failure;
    const body = request.body as { comment?: string };
    return {
      body: {
        id: 'f1',
        messageId: null,
        ...body,
        comment: body.comment ?? null,
        createdAt: '2026-01-10T12:00:00.000Z',
        updatedAt: '2026-01-10T12:00:00.000Z',
      },
    };
  });
  // Real time still runs (requests resolve), while the test can jump the thanks timer.
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  render(
    <QueryClientProvider client={createQueryClient({ retry: false })}>
      <FeedbackControl chatId="chat-1" messageId={MESSAGE_ID} />
    </QueryClientProvider>,
  );
  return { api, user };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('feedback on an answer', () => {
  it('draws its thumbs as icons, not emoji that need an emoji font', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Avaliar resposta' }));

    const group = screen.getByRole('group', { name: 'Esta resposta foi útil?' });
    // Any pictograph (👍, 👎, …) would be an empty box in a browser without an emoji font.
    expect(group.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
    for (const [name, icon] of [
      ['Resposta útil', 'thumb-up'],
      ['Resposta não útil', 'thumb-down'],
    ]) {
      const button = within(group).getByRole('button', { name });
      expect(button.querySelector(`svg[data-icon="${icon}"]`)).toHaveAttribute(
        'aria-hidden',
        'true',
      );
    }
  });

  it('opens, needs a type, sends the trimmed comment, thanks for 2 s and closes again', async () => {
    const { api, user } = setup();

    await user.click(screen.getByRole('button', { name: 'Avaliar resposta' }));
    const send = screen.getByRole('button', { name: 'Enviar feedback' });
    expect(send).toBeDisabled();
    expect(screen.getByText('0/500')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Resposta não útil' }));
    expect(screen.getByRole('button', { name: 'Resposta não útil' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Resposta útil' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await user.type(
      screen.getByRole('textbox', { name: 'Comentário (opcional)' }),
      '  Faltou o item 35.4.  ',
    );
    expect(screen.getByText('23/500')).toBeInTheDocument();
    await user.click(send);

    const thanks = await screen.findByRole('status');
    expect(thanks).toHaveTextContent('Obrigado pelo feedback!');
    expect(api.requestsTo(FEEDBACK).map((request) => request.body)).toEqual([
      { chatId: 'chat-1', messageId: MESSAGE_ID, type: 'NEGATIVE', comment: 'Faltou o item 35.4.' },
    ]);

    act(() => vi.advanceTimersByTime(FEEDBACK_THANKS_MS - 500));
    expect(screen.getByText('Obrigado pelo feedback!')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(500));
    expect(screen.queryByText('Obrigado pelo feedback!')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Avaliar resposta' })).toBeInTheDocument();

    // Reset: the next opening starts with no choice and an empty comment.
    await user.click(screen.getByRole('button', { name: 'Avaliar resposta' }));
    expect(screen.getByRole('button', { name: 'Enviar feedback' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Comentário (opcional)' })).toHaveValue('');
  });

  it('sends a positive choice without a comment', async () => {
    const { api, user } = setup();

    await user.click(screen.getByRole('button', { name: 'Avaliar resposta' }));
    await user.click(screen.getByRole('button', { name: 'Resposta útil' }));
    await user.type(screen.getByRole('textbox', { name: 'Comentário (opcional)' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Enviar feedback' }));

    await screen.findByText('Obrigado pelo feedback!');
    expect(api.requestsTo(FEEDBACK).map((request) => request.body)).toEqual([
      { chatId: 'chat-1', messageId: MESSAGE_ID, type: 'POSITIVE' },
    ]);
  });

  it(`keeps the comment to ${FEEDBACK_COMMENT_MAX} characters`, async () => {
    const { user } = setup();

    await user.click(screen.getByRole('button', { name: 'Avaliar resposta' }));
    const comment = screen.getByRole('textbox', { name: 'Comentário (opcional)' });
    await user.click(comment);
    await user.paste('a'.repeat(FEEDBACK_COMMENT_MAX + 20));

    expect(comment).toHaveValue('a'.repeat(FEEDBACK_COMMENT_MAX));
    expect(screen.getByText('500/500')).toBeInTheDocument();
  });

  it('cancels without sending', async () => {
    const { api, user } = setup();

    await user.click(screen.getByRole('button', { name: 'Avaliar resposta' }));
    await user.click(screen.getByRole('button', { name: 'Resposta útil' }));
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));

    expect(screen.getByRole('button', { name: 'Avaliar resposta' })).toBeInTheDocument();
    expect(api.requestsTo(FEEDBACK)).toHaveLength(0);
  });

  it('says so when the feedback cannot be sent, and stays open', async () => {
    const { user } = setup({ status: 500, body: { code: 'INTERNAL_ERROR', message: 'Erro.' } });

    await user.click(screen.getByRole('button', { name: 'Avaliar resposta' }));
    await user.click(screen.getByRole('button', { name: 'Resposta útil' }));
    await user.click(screen.getByRole('button', { name: 'Enviar feedback' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Não foi possível enviar o feedback. Tente novamente.',
    );
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Enviar feedback' })).toBeEnabled(),
    );
    expect(screen.queryByText('Obrigado pelo feedback!')).not.toBeInTheDocument();
  });
});
