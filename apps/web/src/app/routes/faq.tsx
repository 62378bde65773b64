import { PlaceholderPage } from '../../components/ui/placeholder-page';

export function FaqRoute() {
  return (
    <PlaceholderPage
      title="Perguntas frequentes"
      description="Aqui você encontrará as perguntas frequentes, com busca e sugestões."
    />
  );
}
