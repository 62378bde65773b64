import { PaymentPage } from '../../features/billing/components/payment-page';

export function PaymentRoute() {
  return <PaymentPage />;
}
