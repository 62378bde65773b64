import { useLocation } from 'react-router';
import { ContinueChatButton } from '../../features/chats/components/continue-chat-button';
import { QuestionPage } from '../../features/questions/components/question-page';
import { RelatedRegulations } from '../../features/regulations/components/related-regulations';

function initialQuestionOf(state: unknown): string {
  const value = (state as { initialQuestion?: unknown } | null)?.initialQuestion;
  return typeof value === 'string' ? value : '';
}

export function RegulationsRoute() {
  const location = useLocation();
  return (
    <QuestionPage
      // A new navigation with another prefilled question starts the page afresh.
      key={location.key}
      initialQuestion={initialQuestionOf(location.state)}
      renderAnswerFooter={(question, answer) => (
        <>
          <RelatedRegulations regulations={answer.data} />
          <ContinueChatButton
            chatKey={answer.chatKey}
            question={question}
            answer={answer.aiResponse}
            regulations={answer.data}
          />
        </>
      )}
    />
  );
}
