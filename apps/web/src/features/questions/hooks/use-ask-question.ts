import type { LimitExceeded, QuestionAnswerResponse } from '@normas/contracts/questions';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { meQueryKey } from '../../../lib/auth-api';
import { askQuestionStream, limitExceededOf } from '../api/ask-question';
import { recordUsage } from '../api/get-usage';

/** The question page's states (spec §4): idle → loading → answer | limit | error. */
export type AskState =
  | { status: 'idle' }
  | { status: 'loading'; question: string; text: string }
  | { status: 'answer'; question: string; answer: QuestionAnswerResponse }
  | { status: 'limit'; limit: LimitExceeded }
  | { status: 'error' };

/** `userId` keys the period's usage, which each answer and refusal brings up to date. */
export function useAskQuestion(userId: string) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AskState>({ status: 'idle' });
  const controllerRef = useRef<AbortController | null>(null);

  useEffect(() => () => controllerRef.current?.abort(), []);

  const ask = useCallback(
    async (question: string) => {
      controllerRef.current?.abort();
      const controller = new AbortController();
      controllerRef.current = controller;
      setState({ status: 'loading', question, text: '' });
      try {
        const answer = await askQuestionStream(question, {
          signal: controller.signal,
          onDelta: (text) =>
            setState((current) =>
              current.status === 'loading' ? { ...current, text: current.text + text } : current,
            ),
        });
        setState({ status: 'answer', question, answer });
        void recordUsage(queryClient, userId, answer.usage);
        void queryClient.invalidateQueries({ queryKey: ['history'] });
      } catch (error) {
        if (controller.signal.aborted) return;
        // The stream bypasses the api client, so a 401 is handed to the session's own check.
        if (error instanceof ApiError && error.status === 401)
          void queryClient.invalidateQueries({ queryKey: meQueryKey });
        const limit = limitExceededOf(error);
        if (limit) void recordUsage(queryClient, userId, limit.usage);
        setState(limit ? { status: 'limit', limit } : { status: 'error' });
      }
    },
    [queryClient, userId],
  );

  const reset = useCallback(() => setState({ status: 'idle' }), []);

  return { state, ask, reset };
}
