import { PlaceholderPage } from '../../components/ui/placeholder-page';

export function ProjectDetailRoute() {
  return <PlaceholderPage title="Projeto" description="Aqui aparecerão os chats deste projeto." />;
}
