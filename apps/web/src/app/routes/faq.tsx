import { FaqList } from '../../features/faq/components/faq-list';
import { useDocumentTitle } from '../../hooks/use-document-title';

export function FaqRoute() {
  useDocumentTitle('Perguntas frequentes');
  return (
    <div className="page">
      <h1 className="page-title">Perguntas frequentes</h1>
      <FaqList />
    </div>
  );
}
