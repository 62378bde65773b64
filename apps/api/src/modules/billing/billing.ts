import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { createBillingService } from './billing.service';
import { createDemoProvider } from './providers/demo.provider';
import { createStripeProvider } from './providers/stripe.provider';

/** Billing with the provider the configuration names: Stripe, or the offline demo. */
export function createBilling(config: Config, db: Db) {
  const payments = config.payments;
  const provider =
    payments.provider === 'stripe'
      ? createStripeProvider({
          secretKey: payments.secretKey,
          publishableKey: payments.publishableKey,
          webhookSecret: payments.webhookSecret,
          pricePro: payments.pricePro,
          apiBase: payments.apiBase,
        })
      : createDemoProvider();
  return createBillingService({ db, provider });
}
