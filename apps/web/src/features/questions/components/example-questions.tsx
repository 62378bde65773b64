export const EXAMPLE_QUESTIONS = [
  'Quais são as responsabilidades do empregador no trabalho em altura?',
  'Qual a altura mínima do guarda-corpo em andaimes?',
  'Com que frequência deve ser feito o treinamento para trabalho em espaço confinado?',
] as const;

/** The three example questions of spec §2; choosing one asks it. */
export function ExampleQuestions({ onPick }: { onPick: (question: string) => void }) {
  return (
    <section className="examples" aria-labelledby="examples-title">
      <h2 id="examples-title" className="examples-title">
        Exemplos de perguntas
      </h2>
      <ul className="examples-list">
        {EXAMPLE_QUESTIONS.map((question) => (
          <li key={question}>
            <button type="button" className="example-button" onClick={() => onPick(question)}>
              {question}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
