import type { QuestionAnswerResponse } from '@normas/contracts/questions';
import { isFreePlan } from '@normas/contracts/plans';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Markdown, preloadMarkdown } from '../../../components/markdown/markdown';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useSignedInUser } from '../../../lib/session';
import { useAskQuestion } from '../hooks/use-ask-question';
import { AnswerView } from './answer-view';
import { ExampleQuestions } from './example-questions';
import { LimitNotice } from './limit-notice';
import { QuestionBox } from './question-box';
import { QuestionError } from './question-error';
import { UpgradeBanner } from './upgrade-banner';

const INPUT_ID = 'question-input';

/**
 * /regulations (spec §2, §4). `renderAnswerFooter` adds what other features own below an answer
 * (related regulations, "Continuar chat").
 */
export function QuestionPage({
  initialQuestion,
  renderAnswerFooter,
}: {
  initialQuestion: string;
  renderAnswerFooter: (question: string, answer: QuestionAnswerResponse) => ReactNode;
}) {
  useDocumentTitle('Assistente de Normas');
  const user = useSignedInUser();
  const { state, ask, reset } = useAskQuestion();
  const [question, setQuestion] = useState(initialQuestion);

  const loading = state.status === 'loading';
  const limited = state.status === 'limit';

  // Spec §4: a new answer starts at the top of the page.
  const answerKey = state.status === 'answer' ? state.answer.historyId : null;
  useEffect(() => {
    if (answerKey) window.scrollTo({ top: 0 });
  }, [answerKey]);

  function submit(text: string) {
    const trimmed = text.trim();
    if (!trimmed || loading || limited) return;
    // The renderer loads while the answer is worked out, so its first words arrive formatted.
    void preloadMarkdown();
    void ask(trimmed);
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    submit(question);
  }

  return (
    <div className="page ask-page">
      <h1 className="page-title">Assistente de Normas</h1>
      <p className="page-lead">
        Pergunte sobre as Normas Regulamentadoras e receba a resposta com os itens citados.
      </p>
      {isFreePlan(user.plan) && <UpgradeBanner />}

      <form className="question-form" onSubmit={handleSubmit}>
        <label htmlFor={INPUT_ID} className="question-label">
          Sua pergunta
        </label>
        <div className="question-row">
          <QuestionBox id={INPUT_ID} value={question} onChange={setQuestion} disabled={limited} />
          <button
            type="submit"
            className="button button--primary"
            disabled={question.trim() === '' || loading || limited}
          >
            Perguntar
          </button>
        </div>
      </form>

      {state.status === 'idle' && (
        <ExampleQuestions
          onPick={(example) => {
            setQuestion(example);
            submit(example);
          }}
        />
      )}

      {state.status === 'loading' && (
        <section className="answer card" aria-busy="true" aria-labelledby="answer-question">
          <h2 id="answer-question" className="answer-question">
            {state.question}
          </h2>
          <p role="status" className="answer-status">
            <Spinner /> Gerando resposta…
          </p>
          {state.text && <Markdown streaming>{state.text}</Markdown>}
        </section>
      )}

      {state.status === 'answer' && (
        <AnswerView
          question={state.question}
          markdown={state.answer.aiResponse}
          abstained={state.answer.abstained}
        >
          {renderAnswerFooter(state.question, state.answer)}
        </AnswerView>
      )}

      {state.status === 'limit' && <LimitNotice limit={state.limit} />}
      {state.status === 'error' && <QuestionError onRetry={reset} />}
    </div>
  );
}
