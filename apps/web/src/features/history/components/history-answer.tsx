import type { HistoryDetail } from '@normas/contracts/questions';
import type { ReactNode } from 'react';
import { useMarkdownReady } from '../../../components/markdown/markdown';
import { Spinner } from '../../../components/ui/spinner';
import { useHistoryDetail } from '../api/get-history';

export const HISTORY_DETAIL_ERROR = 'Ocorreu um erro ao carregar esta pergunta do histórico.';

/**
 * Loads one stored answer; `render` shows it (the route composes the answer view and its actions).
 * `below` (the history list) comes once the answer is in place, so the answer does not push it down.
 */
export function HistoryAnswer({
  id,
  questionHint,
  render,
  below,
}: {
  id: string;
  questionHint: string | null;
  render: (detail: HistoryDetail) => ReactNode;
  below?: ReactNode;
}) {
  const detail = useHistoryDetail(id);
  // The answer shows once it can be shown formatted: no raw markdown reflowing into place.
  const formatted = useMarkdownReady(detail.data?.aiResponse);
  if (detail.isPending || (detail.isSuccess && !formatted))
    return (
      <section className="answer card" aria-busy="true">
        {questionHint && <h2 className="answer-question">{questionHint}</h2>}
        <p role="status">
          <Spinner /> Carregando resposta…
        </p>
      </section>
    );
  if (detail.isError)
    return (
      <>
        <p role="alert" className="form-error">
          {HISTORY_DETAIL_ERROR}
        </p>
        {below}
      </>
    );
  return (
    <>
      {render(detail.data)}
      {below}
    </>
  );
}
