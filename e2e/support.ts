import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Signs in through the development identity provider's popup, as a person would. A new account is
 * on the Free plan, which starts on the question page.
 */
export async function signInThroughPopup(page: Page, account: { name: string; email: string }) {
  await page.goto('/login');
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continuar com Google' }).click();
  const popup = await popupPromise;
  await expect(popup).toHaveTitle('Escolha uma conta Google de teste');
  await popup.getByLabel('Nome').fill(account.name);
  await popup.getByLabel('E-mail').fill(account.email);
  await popup.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/regulations$/);
}

export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
}

/**
 * Switches the signed-in account's plan through the development provider, then reloads so that
 * the session picks up the new plan.
 */
export async function setPlan(page: Page, plan: 'free' | 'pro' | 'business') {
  const status = await page.evaluate(async (wanted) => {
    const response = await fetch('/api/v1/dev-auth/plan', {
      method: 'PUT',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${localStorage.getItem('token') ?? ''}`,
      },
      body: JSON.stringify({ plan: wanted }),
    });
    return response.status;
  }, plan);
  expect(status).toBe(200);
  await page.reload();
}

/** An e-mail no other test (nor an earlier run against the same data) has used. */
export function uniqueEmail(name: string): string {
  return `${name}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@exemplo.com.br`;
}

/** Today's date plus `days` in the product's time zone, as dd/mm/yyyy. */
export function saoPauloDate(days = 0): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  const [year, month, day] = parts.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1, day + days, 12));
  return new Intl.DateTimeFormat('pt-BR', { timeZone: 'UTC', dateStyle: 'short' }).format(target);
}

export interface RecordedStream {
  path: string;
  status: number;
  contentType: string;
  body: string;
}

/**
 * Keeps a copy of every Server-Sent Events answer the page receives. Chromium does not keep the
 * body of a streamed fetch reliably for the test runner, so the page reads a clone of it instead.
 */
export async function recordEventStreams(page: Page) {
  await page.addInitScript(() => {
    const recorded: RecordedStream[] = [];
    (window as unknown as { __eventStreams: RecordedStream[] }).__eventStreams = recorded;
    const original = window.fetch.bind(window);
    window.fetch = async (...args: Parameters<typeof fetch>) => {
      const response = await original(...args);
      const url = new URL(
        args[0] instanceof Request ? args[0].url : String(args[0]),
        location.href,
      );
      if (url.pathname.endsWith('/stream')) {
        const entry = {
          path: url.pathname,
          status: response.status,
          contentType: response.headers.get('content-type') ?? '',
          body: '',
        };
        const copy = response.clone();
        void copy.text().then((text) => {
          entry.body = text;
          recorded.push(entry);
        });
      }
      return response;
    };
  });
}

/** The event-stream answers recorded so far, oldest first. */
export function recordedStreams(page: Page): Promise<RecordedStream[]> {
  return page.evaluate(
    () => (window as unknown as { __eventStreams: RecordedStream[] }).__eventStreams,
  );
}

/** Checks that an answer came as a stream of several pieces followed by the final result. */
export function expectStreamedBody(stream: RecordedStream | undefined, path: RegExp) {
  expect(stream?.path).toMatch(path);
  expect(stream?.status).toBe(200);
  expect(stream?.contentType).toMatch(/^text\/event-stream/);
  expect(stream?.body.match(/^event: delta$/gm)?.length ?? 0).toBeGreaterThan(1);
  expect(stream?.body).toMatch(/^event: done$/m);
}
