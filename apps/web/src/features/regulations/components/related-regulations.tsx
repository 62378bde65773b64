import type { AnswerRegulation } from '@normas/contracts/questions';
import { useId } from 'react';
import { Link } from 'react-router';
import { sectionHref } from './section-link';

/** The regulations an answer rests on, each cited item opening its source in the viewer. */
export function RelatedRegulations({ regulations }: { regulations: AnswerRegulation[] }) {
  const headingId = useId();
  if (regulations.length === 0) return null;
  return (
    <section className="related" aria-labelledby={headingId}>
      <h2 id={headingId} className="related-title">
        Normas relacionadas
      </h2>
      <ul className="related-list">
        {regulations.map((regulation) => (
          <li key={regulation.id} className="related-item">
            <p className="related-name">
              <Link to={`/regulations/${encodeURIComponent(regulation.id)}`}>
                {regulation.code}
              </Link>{' '}
              — {regulation.title}
            </p>
            {regulation.sections.length > 0 && (
              <ul className="related-sections" aria-label={`Itens citados da ${regulation.code}`}>
                {regulation.sections.map((section) => (
                  <li key={section.id}>
                    <Link to={sectionHref(regulation.id, section.item)}>item {section.item}</Link>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
