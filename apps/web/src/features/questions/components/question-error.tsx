export const QUESTION_ERROR =
  'Ocorreu um erro ao processar sua pergunta. Por favor, tente novamente.';

export function QuestionError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="question-error" role="alert">
      <p>{QUESTION_ERROR}</p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        Tentar novamente
      </button>
    </div>
  );
}
