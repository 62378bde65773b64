import { CHECKOUT_STORAGE_KEYS } from '@normas/contracts/billing';

/** A checkout in progress, kept in session storage between /payment and /checkout (spec §3). */
export interface CheckoutData {
  clientSecret: string;
  planName: string;
  planPrice: string;
}

export function writeCheckout(data: CheckoutData): void {
  sessionStorage.setItem(CHECKOUT_STORAGE_KEYS.clientSecret, data.clientSecret);
  sessionStorage.setItem(CHECKOUT_STORAGE_KEYS.planName, data.planName);
  sessionStorage.setItem(CHECKOUT_STORAGE_KEYS.planPrice, data.planPrice);
}

/** The stored checkout, with the query parameters client_secret, plan_name, plan_price as fallbacks. */
export function readCheckout(search: URLSearchParams): Partial<CheckoutData> {
  const stored = (key: keyof typeof CHECKOUT_STORAGE_KEYS) =>
    sessionStorage.getItem(CHECKOUT_STORAGE_KEYS[key]) ?? undefined;
  return {
    clientSecret: stored('clientSecret') ?? search.get('client_secret') ?? undefined,
    planName: stored('planName') ?? search.get('plan_name') ?? undefined,
    planPrice: stored('planPrice') ?? search.get('plan_price') ?? undefined,
  };
}

export function clearCheckout(): void {
  for (const key of Object.values(CHECKOUT_STORAGE_KEYS)) sessionStorage.removeItem(key);
}
