import { PlaceholderPage } from '../../components/ui/placeholder-page';

export function ChatRoute() {
  return (
    <PlaceholderPage
      title="Chat de Normas"
      description="Aqui você fará perguntas sobre as Normas Regulamentadoras e receberá respostas com os itens citados."
    />
  );
}
