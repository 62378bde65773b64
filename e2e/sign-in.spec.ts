import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, signInThroughPopup } from './support';

test('a new user signs in through the development provider, uses the drawer and signs out', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expectNoAxeViolations(page);

  await signInThroughPopup(page, { name: 'Ana Engenheira', email: 'ana.e2e@exemplo.com.br' });

  // At 375 px the drawer starts closed; the toggle opens it and the overlay closes it.
  const open = page.getByRole('button', { name: 'Abrir menu' });
  await expect(open).toBeVisible();
  await open.click();
  await expect(page.getByRole('button', { name: 'Fechar menu' })).toBeVisible();
  await expect(page.getByText('ana.e2e@exemplo.com.br')).toBeVisible();
  await page.getByTestId('drawer-overlay').click();
  await expect(page.getByRole('button', { name: 'Abrir menu' })).toBeVisible();

  // Open the drawer again and follow "Ver perfil": navigation closes the drawer.
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await page.getByRole('link', { name: 'Ver perfil' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('button', { name: 'Abrir menu' })).toBeVisible();
  await expect(page.getByText('Gratuito')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ana Engenheira' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Sair da conta' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(
    await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('userData')]),
  ).toEqual([null, null]);

  // Signed out, a protected route sends the user back to /login.
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
});

test('a signed-in Free user who opens /login is taken to the question page, and the session survives a reload', async ({
  page,
}) => {
  await signInThroughPopup(page, { name: 'Bruno Técnico', email: 'bruno.e2e@exemplo.com.br' });
  await page.reload();
  await expect(page).toHaveURL(/\/regulations$/);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/regulations$/);
});
