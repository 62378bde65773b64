import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ContinueChatButton } from '../../features/chats/components/continue-chat-button';
import { RelatedFaqs } from '../../features/faq/components/related-faqs';
import { QuestionPage } from '../../features/questions/components/question-page';
import { RelatedRegulations } from '../../features/regulations/components/related-regulations';

/**
 * What /regulations reads from navigation state: a question to prefill (spec §2), whether to ask it
 * at once (a first message typed on /chat by a plan without chats), and the page it belongs to.
 */
export interface RegulationsNavigationState {
  initialQuestion?: string;
  autoAsk?: boolean;
  pageKey?: string;
}

function readState(state: unknown): Required<RegulationsNavigationState> | null {
  const { initialQuestion, autoAsk, pageKey } = (state ?? {}) as RegulationsNavigationState;
  if (typeof initialQuestion !== 'string') return null;
  return {
    initialQuestion,
    autoAsk: autoAsk === true,
    pageKey: typeof pageKey === 'string' ? pageKey : '',
  };
}

export function RegulationsRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  const state = readState(location.state);
  // A new navigation with another prefilled question starts the page afresh; dropping `autoAsk`
  // from the history entry keeps the page, so it is keyed by the navigation that opened it.
  const pageKey = state?.pageKey || location.key;
  const { pathname } = location;
  const initialQuestion = state?.initialQuestion ?? '';
  const dropAutoAsk = useCallback(() => {
    const kept: RegulationsNavigationState = { initialQuestion, pageKey };
    void navigate(pathname, { replace: true, state: kept });
  }, [navigate, pathname, initialQuestion, pageKey]);

  return (
    <QuestionPage
      key={pageKey}
      initialQuestion={initialQuestion}
      autoAsk={state?.autoAsk ?? false}
      onAutoAsked={dropAutoAsk}
      renderAnswerFooter={(question, answer) =>
        answer.abstained ? (
          <RelatedFaqs question={question} />
        ) : (
          <>
            <RelatedRegulations regulations={answer.data} />
            <ContinueChatButton
              chatKey={answer.chatKey}
              question={question}
              answer={answer.aiResponse}
              regulations={answer.data}
            />
          </>
        )
      }
    />
  );
}
