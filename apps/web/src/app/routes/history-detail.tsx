import { Link, useLocation, useParams } from 'react-router';
import { ContinueChatButton } from '../../features/chats/components/continue-chat-button';
import { RelatedFaqs } from '../../features/faq/components/related-faqs';
import { HistoryAnswer } from '../../features/history/components/history-answer';
import { HistoryList } from '../../features/history/components/history-list';
import { AbstainedNextSteps } from '../../features/questions/components/abstained-next-steps';
import { AnswerView } from '../../features/questions/components/answer-view';
import { RelatedRegulations } from '../../features/regulations/components/related-regulations';
import { useDocumentTitle } from '../../hooks/use-document-title';

function questionOf(state: unknown): string | null {
  const value = (state as { question?: unknown } | null)?.question;
  return typeof value === 'string' ? value : null;
}

/** Spec §2: /history/{id} renders the same list; above it, the stored answer of that entry. */
export function HistoryDetailRoute() {
  useDocumentTitle('Histórico de perguntas');
  const { id = '' } = useParams();
  const location = useLocation();
  return (
    <div className="page">
      <h1 className="page-title">Histórico de perguntas</h1>
      <HistoryAnswer
        key={id}
        id={id}
        questionHint={questionOf(location.state)}
        render={(detail) => (
          <AnswerView
            question={detail.question}
            markdown={detail.aiResponse}
            abstained={detail.abstained}
            citesItems={detail.data.length > 0}
          >
            {detail.abstained ? (
              <AbstainedNextSteps
                note={null}
                rephrase={
                  <Link
                    className="button button--secondary"
                    to="/regulations"
                    state={{ initialQuestion: detail.question }}
                  >
                    Reformular a pergunta
                  </Link>
                }
              >
                <RelatedFaqs question={detail.question} />
              </AbstainedNextSteps>
            ) : (
              <>
                <RelatedRegulations regulations={detail.data} />
                <ContinueChatButton
                  chatKey={detail.chatKey}
                  question={detail.question}
                  answer={detail.aiResponse}
                  regulations={detail.data}
                />
              </>
            )}
          </AnswerView>
        )}
        below={<HistoryList currentId={id} />}
      />
    </div>
  );
}
