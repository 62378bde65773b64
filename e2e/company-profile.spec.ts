import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, signInThroughPopup, uniqueEmail } from './support';

const QUESTION = 'quantos membros a CIPA da minha empresa deve ter?';

test('a user enters a CNAE and an employee count, sees the sizing, and the assistant gives the same numbers, cited', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInThroughPopup(page, { name: 'Téo Técnico', email: uniqueEmail('teo') });

  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Minha empresa' })
    .click();
  await expect(page).toHaveURL(/\/minha-empresa$/);
  const form = page.getByRole('form', { name: 'Novo perfil de empresa' });
  await form.getByLabel('Nome do estabelecimento').fill('Construtora Horizonte');
  await form.getByLabel('CNPJ (opcional)').fill('11.222.333/0001-81');
  await form.getByLabel('Buscar CNAE por código ou atividade').fill('construção de edifícios');
  await page
    .getByRole('button', { name: '41.20-4 – Construção de edifícios (grau de risco 3)' })
    .click();
  await expect(form.getByLabel('CNAE (subclasse)')).toHaveValue('4120-4/');
  await form.getByLabel('CNAE (subclasse)').pressSequentially('00');
  await form.getByLabel('Número de empregados no estabelecimento').fill('350');
  await form.getByLabel('UF').selectOption('SP');
  await form.getByRole('button', { name: 'Salvar perfil' }).click();

  // Grau 3 (NR-04 Anexo I) with 350 employees: CIPA 5 efetivos and 4 suplentes (NR-05 Quadro I,
  // 301 a 500); SESMT 2 technicians (NR-04 Anexo II, 251 a 500).
  await expect(page.getByRole('heading', { name: 'Grau de risco 3' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Profissionais do SESMT' })).toHaveText(
    'Técnico de segurança do trabalho: 2 (tempo integral)',
  );
  await expect(page.getByText('5 membros efetivos')).toBeVisible();
  await expect(page.getByText('4 suplentes')).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'NR-05, Quadro I – Dimensionamento da CIPA' }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Perguntar às normas' })
    .click();
  await page.getByRole('combobox', { name: 'Sua pergunta' }).fill(QUESTION);
  await page.getByRole('button', { name: 'Perguntar' }).click();
  const answer = page.getByRole('region', { name: QUESTION });
  // The user is on the Free plan: a finished answer ends with what a chat would give (decision
  // 0035), not with "Continuar chat".
  await expect(
    answer.getByRole('group', { name: 'Continue esta resposta como chat no Plano Pro' }),
  ).toBeVisible({ timeout: 30_000 });
  await expect(answer.locator('p').first()).toHaveText(
    'A CIPA deve ter 5 membros efetivos e 4 suplentes: é o que indica o Quadro I da NR-05 para um estabelecimento de grau de risco 3 com 350 empregados.',
  );
  await expect(answer.getByText('do seu perfil ativo', { exact: false })).toBeVisible();
  await expect(answer.getByRole('table').first()).toBeVisible();
  const citation = answer.getByRole('link', { name: 'NR-05, Quadro I' }).first();
  await expect(citation).toHaveAttribute('href', /^\/regulations\/[0-9a-f-]{36}#Quadro%20I$/);

  await citation.click();
  await expect(page.locator('li[data-highlighted]')).toHaveCount(1, { timeout: 20_000 });
  await expect(
    page
      .locator('li[data-highlighted]')
      .getByRole('table', { name: 'Quadro I – Dimensionamento da CIPA' }),
  ).toBeVisible();
});
