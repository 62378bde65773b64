import { useId } from 'react';
import { Link } from 'react-router';
import { useRelatedFaqs } from '../api/get-related-faqs';

/**
 * Under an answer the base could not give: FAQs close to the question, or, when none is, a few the
 * base does answer, so the user sees what can be asked.
 */
export function RelatedFaqs({ question }: { question: string }) {
  const headingId = useId();
  const related = useRelatedFaqs(question);
  if (!related.data || related.data.faqs.length === 0) return null;
  return (
    <section className="related-faqs" aria-labelledby={headingId}>
      <h3 id={headingId} className="related-faqs-title">
        {related.data.related
          ? 'Perguntas frequentes relacionadas'
          : 'Perguntas que a base responde'}
      </h3>
      <ul className="related-faqs-list">
        {related.data.faqs.map((faq) => (
          <li key={faq.id}>
            <Link to={`/faq/${encodeURIComponent(faq.id)}`} state={{ faq }}>
              {faq.Pergunta}
            </Link>
          </li>
        ))}
      </ul>
      <p>
        <Link to="/faq">Ver todas as perguntas frequentes</Link>
      </p>
    </section>
  );
}
