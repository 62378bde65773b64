import { PlaceholderPage } from '../../components/ui/placeholder-page';

export function PaymentRoute() {
  return (
    <PlaceholderPage
      title="Planos"
      description="Aqui você comparará os planos Gratuito, Pro e Business e escolherá o seu."
    />
  );
}
