import { HistoryList } from '../../features/history/components/history-list';
import { useDocumentTitle } from '../../hooks/use-document-title';

export function HistoryRoute() {
  useDocumentTitle('Histórico de perguntas');
  return (
    <div className="page">
      <h1 className="page-title">Histórico de perguntas</h1>
      <HistoryList />
    </div>
  );
}
