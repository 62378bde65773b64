import { expect, test, type ConsoleMessage, type Page } from '@playwright/test';
import { signInThroughPopup, uniqueEmail } from './support';

/** Chromium reports a blocked load or inline code on the console; collected from every page. */
function collectCspViolations(page: Page, into: string[]) {
  const onConsole = (message: ConsoleMessage) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) into.push(message.text());
  };
  page.on('console', onConsole);
  page.context().on('page', (popup) => popup.on('console', onConsole));
}

test('the app works under its Content-Security-Policy: sign-in, a cited answer, the viewer, FAQ, history, profile', async ({
  page,
}) => {
  const violations: string[] = [];
  collectCspViolations(page, violations);

  const document = await page.request.get('/login');
  const headers = document.headers();
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['content-security-policy']).not.toContain('unsafe-inline');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');

  await signInThroughPopup(page, { name: 'Ana CSP', email: uniqueEmail('csp') });
  await page.goto('/regulations');
  await page
    .getByRole('combobox', { name: 'Sua pergunta' })
    .fill('Qual a altura mínima do guarda-corpo?');
  await page.getByRole('button', { name: 'Perguntar' }).click();
  const answer = page.getByRole('region', { name: 'Qual a altura mínima do guarda-corpo?' });
  const citation = answer.locator('a[href^="/regulations/"]').first();
  await expect(citation).toBeVisible({ timeout: 30_000 });
  await citation.click();
  await expect(page).toHaveURL(/\/regulations\/[0-9a-f-]{36}/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  for (const path of ['/faq', '/history', '/profile', '/regulations']) {
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
  }
  expect(violations).toEqual([]);
});
