import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Signs in through the development identity provider's popup, as a person would. */
export async function signInThroughPopup(page: Page, account: { name: string; email: string }) {
  await page.goto('/login');
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continuar com Google' }).click();
  const popup = await popupPromise;
  await expect(popup).toHaveTitle('Escolha uma conta Google de teste');
  await popup.getByLabel('Nome').fill(account.name);
  await popup.getByLabel('E-mail').fill(account.email);
  await popup.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/chat$/);
}

export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
}
