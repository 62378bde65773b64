import { useId, type ReactNode } from 'react';

/**
 * What an answer that abstained offers instead of a chat: asking again in other words, and what
 * the page adds below (related FAQs). `note` says the question did not use up the allowance.
 */
export function AbstainedNextSteps({
  rephrase,
  note,
  children,
}: {
  rephrase: ReactNode;
  note: string | null;
  children?: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className="next-steps" aria-labelledby={headingId}>
      <h2 id={headingId} className="next-steps-title">
        O que fazer agora
      </h2>
      {note && <p className="next-steps-note">{note}</p>}
      <p className="next-steps-rephrase">{rephrase}</p>
      {children}
    </section>
  );
}
