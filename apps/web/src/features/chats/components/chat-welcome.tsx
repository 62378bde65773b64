import type { ReactNode } from 'react';

export const EXAMPLE_QUESTIONS = [
  'A partir de que altura o trabalho é considerado trabalho em altura?',
  'Quais EPIs o empregador deve fornecer gratuitamente aos trabalhadores?',
  'Quando a empresa é obrigada a constituir a CIPA?',
] as const;

/** The new-chat welcome of spec §2 /chat: a greeting and three example questions to start from. */
export function ChatWelcome({
  onPick,
  disabled,
  children,
}: {
  onPick: (question: string) => void;
  disabled: boolean;
  /** Said under the greeting, e.g. how a plan without chats answers. */
  children?: ReactNode;
}) {
  return (
    <section className="chat-welcome" aria-labelledby="chat-welcome-title">
      <h2 id="chat-welcome-title" className="chat-welcome-title">
        Olá! Como posso ajudar?
      </h2>
      <p className="page-lead">
        Pergunte sobre as Normas Regulamentadoras e receba respostas com os itens citados.
      </p>
      {children}
      <p className="chat-examples-title" id="chat-examples-title">
        Experimente perguntar:
      </p>
      <ul className="chat-examples" aria-labelledby="chat-examples-title">
        {EXAMPLE_QUESTIONS.map((question) => (
          <li key={question}>
            <button
              type="button"
              className="card chat-example"
              disabled={disabled}
              onClick={() => onPick(question)}
            >
              {question}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
