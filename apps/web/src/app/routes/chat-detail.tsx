import { PlaceholderPage } from '../../components/ui/placeholder-page';

export function ChatDetailRoute() {
  return (
    <PlaceholderPage
      title="Chat"
      description="Aqui aparecerão as mensagens desta conversa, com a caixa para continuar o chat."
    />
  );
}
