import { FaqSummarySchema } from '@normas/contracts/faqs';
import { Link, useLocation, useParams } from 'react-router';
import { Markdown } from '../../components/markdown/markdown';
import { Spinner } from '../../components/ui/spinner';
import { useFaq } from '../../features/faq/api/get-faqs';
import { FAQ_LOAD_ERROR } from '../../features/faq/components/faq-list';
import { RelatedRegulations } from '../../features/regulations/components/related-regulations';
import { useDocumentTitle } from '../../hooks/use-document-title';

/** The FAQ passed in navigation state shows its question at once, before the answer arrives. */
function questionOf(state: unknown, id: string): string | null {
  const parsed = FaqSummarySchema.safeParse((state as { faq?: unknown } | null)?.faq);
  return parsed.success && parsed.data.id === id ? parsed.data.Pergunta : null;
}

/** /faq/{id}: not a screen in the spec, but users following a FAQ expect its answer. */
export function FaqDetailRoute() {
  const { id = '' } = useParams();
  const location = useLocation();
  const faq = useFaq(id);
  const question = faq.data?.Pergunta ?? questionOf(location.state, id);
  useDocumentTitle(question ?? 'Pergunta frequente');

  return (
    <div className="page">
      <p className="back-link">
        <Link to="/faq">Voltar às perguntas frequentes</Link>
      </p>
      <h1 className="page-title">{question ?? 'Pergunta frequente'}</h1>
      {faq.isPending ? (
        <p role="status">
          <Spinner /> Carregando resposta…
        </p>
      ) : faq.isError ? (
        <p role="alert" className="form-error">
          {FAQ_LOAD_ERROR}
        </p>
      ) : (
        <section className="answer card" aria-label="Resposta">
          <Markdown>{faq.data.answer}</Markdown>
          <RelatedRegulations regulations={faq.data.regulations} />
        </section>
      )}
    </div>
  );
}
