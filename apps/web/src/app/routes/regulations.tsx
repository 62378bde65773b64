import { PlaceholderPage } from '../../components/ui/placeholder-page';

export function RegulationsRoute() {
  return (
    <PlaceholderPage
      title="Assistente de Normas"
      description="Aqui você fará uma pergunta e verá a resposta com as normas relacionadas."
    />
  );
}
