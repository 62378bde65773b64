import { isFreePlan } from '@normas/contracts/plans';
import {
  limitExceededFromUsage,
  type QuestionAnswerResponse,
  type UsageStatus,
} from '@normas/contracts/questions';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Markdown, preloadMarkdown } from '../../../components/markdown/markdown';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useSignedInUser } from '../../../lib/session';
import { useUsage } from '../api/get-usage';
import { useAskQuestion } from '../hooks/use-ask-question';
import { AbstainedNextSteps } from './abstained-next-steps';
import { AnswerView } from './answer-view';
import { ExampleQuestions } from './example-questions';
import { LimitNotice } from './limit-notice';
import { QuestionBox } from './question-box';
import { QuestionError } from './question-error';
import { UpgradeBanner } from './upgrade-banner';
import { remainingQuestionsText, UsageMeter } from './usage-meter';

const INPUT_ID = 'question-input';

/** "Esta pergunta não foi descontada: restam 2 de 3 perguntas hoje." */
function notCountedNote(usage: UsageStatus | undefined): string | null {
  const remaining = usage ? remainingQuestionsText(usage) : null;
  if (!remaining) return null;
  return `Esta pergunta não foi descontada do seu limite: ${usage!.max! - usage!.used === 1 ? 'resta' : 'restam'} ${remaining}.`;
}

/**
 * /regulations (spec §2, §4). `renderAnswerFooter` adds what other features own below an answer
 * (related regulations and "Continuar chat"; related FAQs when it abstained). `autoAsk` asks
 * `initialQuestion` at once (a first message typed on /chat by a plan without chats), then
 * `onAutoAsked` lets the route drop it, so that a reload does not ask again.
 */
export function QuestionPage({
  initialQuestion,
  autoAsk = false,
  onAutoAsked,
  renderAnswerFooter,
}: {
  initialQuestion: string;
  autoAsk?: boolean;
  onAutoAsked?: () => void;
  renderAnswerFooter: (question: string, answer: QuestionAnswerResponse) => ReactNode;
}) {
  useDocumentTitle('Assistente de Normas');
  const user = useSignedInUser();
  const usage = useUsage(user.id);
  const { state, ask, reset } = useAskQuestion(user.id);
  const [question, setQuestion] = useState(initialQuestion);

  const loading = state.status === 'loading';
  // The limit is the server's: a refused question, or a period already used up when the page opens.
  const usedUp = usage.data ? limitExceededFromUsage(usage.data) : null;
  const limit = state.status === 'limit' ? state.limit : usedUp;
  const limited = limit !== null;

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

  const autoAsked = useRef(false);
  useEffect(() => {
    if (!autoAsk || autoAsked.current || !initialQuestion.trim()) return;
    autoAsked.current = true;
    onAutoAsked?.();
    void preloadMarkdown();
    void ask(initialQuestion.trim());
  }, [autoAsk, initialQuestion, onAutoAsked, ask]);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    submit(question);
  }

  function rephrase() {
    const input = document.getElementById(INPUT_ID) as HTMLInputElement | null;
    input?.focus();
    input?.select();
  }

  return (
    <div className="page ask-page">
      <h1 className="page-title">Assistente de Normas</h1>
      <p className="page-lead">
        Pergunte sobre as Normas Regulamentadoras e receba a resposta com os itens citados.
      </p>
      {isFreePlan(user.plan) && <UpgradeBanner />}

      <form className="question-form" onSubmit={handleSubmit}>
        {/* The count shares the label's line: arriving after the page, it moves nothing. */}
        <div className="question-label-row">
          <label htmlFor={INPUT_ID} className="question-label">
            Sua pergunta
          </label>
          {!limited && <UsageMeter status={usage.data} />}
        </div>
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

      {state.status === 'idle' && !limited && (
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
          citesItems={state.answer.data.length > 0}
        >
          {state.answer.abstained ? (
            <AbstainedNextSteps
              note={notCountedNote(usage.data)}
              rephrase={
                <button type="button" className="button button--secondary" onClick={rephrase}>
                  Reformular a pergunta
                </button>
              }
            >
              {renderAnswerFooter(state.question, state.answer)}
            </AbstainedNextSteps>
          ) : (
            renderAnswerFooter(state.question, state.answer)
          )}
        </AnswerView>
      )}

      {limit && <LimitNotice limit={limit} />}
      {state.status === 'error' && <QuestionError onRetry={reset} />}
    </div>
  );
}
