import type { ReactNode } from 'react';
import { Markdown } from '../../../components/markdown/markdown';

export const ABSTAINED_NOTE =
  'As normas disponíveis não cobrem esta pergunta com segurança. Confira a resposta e os itens citados antes de usá-la.';

/**
 * A stored or fresh answer: the question, the markdown answer, then whatever the page adds below.
 * The note asks to check the cited items, so it goes only with an answer that cites some; an
 * answer that abstained and cites nothing already says so itself.
 */
export function AnswerView({
  question,
  markdown,
  abstained,
  citesItems,
  children,
}: {
  question: string;
  markdown: string;
  abstained: boolean;
  citesItems: boolean;
  children?: ReactNode;
}) {
  return (
    <section className="answer card" aria-labelledby="answer-question">
      <h2 id="answer-question" className="answer-question">
        {question}
      </h2>
      {abstained && citesItems && (
        <p role="note" className="notice">
          {ABSTAINED_NOTE}
        </p>
      )}
      <Markdown>{markdown}</Markdown>
      {children}
    </section>
  );
}
