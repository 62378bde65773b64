import { PlaceholderPage } from '../../components/ui/placeholder-page';

export function HistoryRoute() {
  return (
    <PlaceholderPage
      title="Histórico de perguntas"
      description="Aqui aparecerão as perguntas que você já fez, agrupadas por data."
    />
  );
}
