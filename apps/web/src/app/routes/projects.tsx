import { PlaceholderPage } from '../../components/ui/placeholder-page';

export function ProjectsRoute() {
  return (
    <PlaceholderPage
      title="Chats Independentes"
      description="Aqui aparecerá a lista completa dos seus chats independentes."
    />
  );
}
