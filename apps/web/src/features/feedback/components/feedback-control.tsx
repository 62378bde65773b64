import { FEEDBACK_COMMENT_MAX, FEEDBACK_THANKS_MS } from '@normas/contracts/constants';
import type { FeedbackBody } from '@normas/contracts/chats';
import { useEffect, useId, useState } from 'react';
import { useSendFeedback } from '../api/send-feedback';
import { ThumbIcon } from './thumb-icon';

export const FEEDBACK_THANKS = 'Obrigado pelo feedback!';
export const FEEDBACK_ERROR = 'Não foi possível enviar o feedback. Tente novamente.';

type FeedbackType = FeedbackBody['type'];
type Phase = 'closed' | 'open' | 'sent';

/** Spec §4 Feedback: closed → open (type required, comment up to 500) → sent (thanks for 2 s) → closed. */
export function FeedbackControl({ chatId, messageId }: { chatId: string; messageId?: string }) {
  const [phase, setPhase] = useState<Phase>('closed');
  const [type, setType] = useState<FeedbackType | null>(null);
  const [comment, setComment] = useState('');
  const send = useSendFeedback();
  const commentId = useId();
  const counterId = useId();

  useEffect(() => {
    if (phase !== 'sent') return;
    const timer = setTimeout(() => setPhase('closed'), FEEDBACK_THANKS_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  function reset() {
    setType(null);
    setComment('');
    send.reset();
  }

  function submit() {
    if (!type) return;
    const text = comment.trim();
    send.mutate(
      { chatId, ...(messageId ? { messageId } : {}), type, ...(text ? { comment: text } : {}) },
      {
        onSuccess: () => {
          reset();
          setPhase('sent');
        },
      },
    );
  }

  if (phase === 'sent') {
    return (
      <p className="feedback feedback--thanks" role="status">
        {FEEDBACK_THANKS}
      </p>
    );
  }

  if (phase === 'closed') {
    return (
      <div className="feedback">
        <button type="button" className="button button--text" onClick={() => setPhase('open')}>
          Avaliar resposta
        </button>
      </div>
    );
  }

  return (
    <form
      className="feedback feedback--open"
      aria-label="Avaliar resposta"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="feedback-types" role="group" aria-label="Esta resposta foi útil?">
        <button
          type="button"
          className="feedback-type"
          aria-label="Resposta útil"
          aria-pressed={type === 'POSITIVE'}
          onClick={() => setType('POSITIVE')}
        >
          <ThumbIcon direction="up" />
        </button>
        <button
          type="button"
          className="feedback-type"
          aria-label="Resposta não útil"
          aria-pressed={type === 'NEGATIVE'}
          onClick={() => setType('NEGATIVE')}
        >
          <ThumbIcon direction="down" />
        </button>
      </div>
      <label htmlFor={commentId} className="feedback-label">
        Comentário (opcional)
      </label>
      <textarea
        id={commentId}
        className="feedback-comment"
        value={comment}
        maxLength={FEEDBACK_COMMENT_MAX}
        rows={3}
        aria-describedby={counterId}
        onChange={(event) => setComment(event.target.value.slice(0, FEEDBACK_COMMENT_MAX))}
      />
      <p id={counterId} className="feedback-counter">
        {comment.length}/{FEEDBACK_COMMENT_MAX}
      </p>
      {send.isError && (
        <p className="form-error" role="alert">
          {FEEDBACK_ERROR}
        </p>
      )}
      <div className="feedback-actions">
        <button
          type="button"
          className="button button--text"
          onClick={() => {
            reset();
            setPhase('closed');
          }}
        >
          Cancelar
        </button>
        <button type="submit" className="button button--primary" disabled={!type || send.isPending}>
          Enviar feedback
        </button>
      </div>
    </form>
  );
}
