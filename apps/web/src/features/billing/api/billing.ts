import {
  BillingStatusSchema,
  CustomerResponseSchema,
  DemoConfirmResponseSchema,
  PaymentConfigSchema,
  PlansResponseSchema,
  SubscriptionResponseSchema,
  type BillingStatus,
  type PaymentConfig,
} from '@normas/contracts/billing';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const plansQueryOptions = queryOptions({
  queryKey: ['plans'],
  queryFn: ({ signal }) => apiRequest('/plans', { schema: PlansResponseSchema, signal }),
  staleTime: Infinity,
});

export const billingStatusQueryKey = ['billing', 'status'] as const;

export const billingStatusQueryOptions = queryOptions({
  queryKey: billingStatusQueryKey,
  queryFn: ({ signal }) =>
    apiRequest('/billing/subscription', { schema: BillingStatusSchema, signal }),
  staleTime: 10_000,
});

export function getPaymentConfig(): Promise<PaymentConfig> {
  return apiRequest('/stripe/config', { schema: PaymentConfigSchema });
}

export const paymentConfigQueryOptions = queryOptions({
  queryKey: ['payment-config'],
  queryFn: getPaymentConfig,
  staleTime: Infinity,
});

export function createCustomer(email: string, name: string) {
  return apiRequest('/stripe/customers', {
    method: 'POST',
    body: { email, name },
    schema: CustomerResponseSchema,
  });
}

export function createSubscription(customerId: string) {
  return apiRequest('/stripe/subscriptions', {
    method: 'POST',
    body: { planType: 'pro', customerId, setupFutureUsage: 'off_session' },
    schema: SubscriptionResponseSchema,
  });
}

export function confirmDemoPayment(clientSecret: string, cardNumber: string) {
  return apiRequest('/stripe/demo/confirm', {
    method: 'POST',
    body: { clientSecret, cardNumber },
    schema: DemoConfirmResponseSchema,
  });
}

export function setCancelAtPeriodEnd(cancel: boolean): Promise<BillingStatus> {
  return apiRequest(`/billing/subscription/${cancel ? 'cancel' : 'reactivate'}`, {
    method: 'POST',
    schema: BillingStatusSchema,
  });
}
