import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, signInThroughPopup, uniqueEmail } from './support';

test('the NRs shipped with the product are listed with their versions and open with their provenance', async ({
  page,
}) => {
  await signInThroughPopup(page, { name: 'Rita Leitora', email: uniqueEmail('rita') });
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Normas em vigor' })
    .click();
  await expect(page).toHaveURL(/\/regulations\/index$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Normas em vigor' })).toBeVisible();

  const table = page.getByRole('table', { name: '36 normas, por código' });
  await expect(table.getByRole('row')).toHaveCount(37);
  const nr35 = table.getByRole('row').filter({ has: page.getByRole('link', { name: 'NR-35' }) });
  await expect(nr35).toContainText('Trabalho em Altura');
  await expect(nr35).toContainText(
    'Portaria MTE nº 1.680, de 02 de outubro de 2025 (DOU de 06/10/2025)',
  );
  await expectNoAxeViolations(page);

  await nr35.getByRole('link', { name: 'NR-35' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Trabalho em Altura' })).toBeVisible();
  await page.getByText('Procedência do texto').click();
  const official = page.getByRole('link', { name: 'nr-35.pdf' });
  await expect(official).toHaveAttribute(
    'href',
    /^https:\/\/www\.gov\.br\/.+\/nr-35-atualizada-2025-1\.pdf$/,
  );
  await expect(page.getByText(/^[0-9a-f]{64}$/)).toBeVisible();
  await page.getByRole('link', { name: 'Todas as normas' }).click();
  await expect(page).toHaveURL(/\/regulations\/index$/);
});
