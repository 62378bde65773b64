import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations, setPlan, signInThroughPopup, uniqueEmail } from './support';

const QUESTION = 'Qual a altura a partir da qual o trabalho é considerado em altura?';
const CITATION_HREF = /^\/regulations\/[0-9a-f-]{36}#.+$/;

async function person(browser: Browser, name: string, plan?: 'business') {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = uniqueEmail(name.split(' ')[0]!.toLowerCase());
  await signInThroughPopup(page, { name, email });
  if (plan) await setPlan(page, plan);
  return { page, email, name, close: () => context.close() };
}

const messagesOf = (page: Page) =>
  page.getByRole('list', { name: 'Mensagens' }).locator(':scope > li');

test('a Business owner invites a colleague, both talk live in a group, ask @assistente, and an uninvited user sees none of it', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const owner = await person(browser, 'Olga Owner', 'business');
  const colleague = await person(browser, 'Carlos Colega');
  const outsider = await person(browser, 'Ursula Outsider', 'business');

  // The owner creates the team from the drawer and invites the colleague by e-mail.
  await owner.page.getByRole('link', { name: 'Equipe' }).click();
  await owner.page.getByLabel('Nome da equipe').fill('SST Acme');
  await owner.page.getByRole('button', { name: 'Criar equipe' }).click();
  await expect(owner.page.getByRole('heading', { level: 1, name: 'SST Acme' })).toBeVisible();
  const invite = owner.page.getByRole('form', { name: 'Convidar' });
  await invite.getByLabel('E-mail').fill(colleague.email);
  await invite.getByRole('button', { name: 'Convidar' }).click();
  await expect(owner.page.getByRole('list', { name: 'Convites pendentes' })).toContainText(
    colleague.email,
  );

  // The colleague, a Free user, sees the invite and accepts it.
  await colleague.page.goto('/equipe');
  await colleague.page.getByRole('button', { name: 'Aceitar convite de SST Acme' }).click();
  await expect(colleague.page.getByRole('heading', { level: 1, name: 'SST Acme' })).toBeVisible();

  // The owner opens a group with the colleague.
  await owner.page.reload();
  await expect(owner.page.getByRole('cell', { name: colleague.email })).toBeVisible();
  await owner.page.getByRole('button', { name: 'Novo grupo' }).click();
  const form = owner.page.getByRole('form', { name: 'Novo grupo' });
  await form.getByLabel('Nome do grupo').fill('Obra Norte');
  await form.getByLabel(colleague.name).check();
  await form.getByRole('button', { name: 'Criar grupo' }).click();
  await expect(owner.page.getByRole('heading', { level: 1, name: 'Obra Norte' })).toBeVisible();

  // The group appears on the colleague's list without a reload, and they open it.
  const rooms = colleague.page.getByRole('list', { name: 'Conversas' });
  await expect(rooms.getByRole('link', { name: /Obra Norte/ })).toBeVisible();
  await rooms.getByRole('link', { name: /Obra Norte/ }).click();
  await expect(colleague.page.getByRole('heading', { level: 1, name: 'Obra Norte' })).toBeVisible();

  // They talk live.
  const ownerBox = owner.page.getByRole('textbox', { name: 'Mensagem' });
  await ownerBox.fill('Bom dia, equipe!');
  await ownerBox.press('Enter');
  await expect(messagesOf(colleague.page).last()).toContainText('Bom dia, equipe!');
  await expect(messagesOf(colleague.page).last()).toContainText(owner.name);

  const box = colleague.page.getByRole('textbox', { name: 'Mensagem' });
  await box.pressSequentially('Bom dia! @assis');
  await expect(colleague.page.getByRole('option', { name: /@assistente/ })).toBeVisible();
  await box.press('Enter');
  await expect(box).toHaveValue('Bom dia! @assistente ');
  await box.pressSequentially(QUESTION);
  await box.press('Enter');
  await expect(messagesOf(owner.page).nth(1)).toContainText(QUESTION);

  // Both see the assistant's cited answer.
  for (const page of [owner.page, colleague.page]) {
    const answer = messagesOf(page).nth(2);
    await expect(answer).toContainText('Assistente', { timeout: 60_000 });
    await expect(answer.getByRole('link', { name: /^item / }).first()).toHaveAttribute(
      'href',
      CITATION_HREF,
    );
  }
  await expectNoAxeViolations(colleague.page);

  // The uninvited user sees none of it: no team, no rooms, and the room's address leads nowhere.
  await outsider.page.goto('/equipe');
  await expect(outsider.page.getByRole('button', { name: 'Criar equipe' })).toBeVisible();
  await expect(outsider.page.getByText('Obra Norte')).toHaveCount(0);
  await outsider.page.goto(owner.page.url());
  await expect(outsider.page.getByRole('alert')).toContainText('Conversa não encontrada.');
  await expect(messagesOf(outsider.page)).toHaveCount(0);

  // A message sent while the colleague is elsewhere shows as unread next to "Equipe".
  await colleague.page.goto('/regulations');
  await ownerBox.fill('Reunião às 14h no canteiro.');
  await ownerBox.press('Enter');
  await expect(messagesOf(owner.page).last()).toContainText('Reunião às 14h');
  await colleague.page.reload();
  await expect(
    colleague.page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Equipe, 1 não lida' }),
  ).toBeVisible();

  // A Free user outside a team sees what Business adds and the WhatsApp contact.
  const free = await person(browser, 'Fabio Free');
  await free.page.goto('/equipe');
  await expect(
    free.page.getByRole('heading', { name: 'Equipe é um recurso do plano Business' }),
  ).toBeVisible();
  await expect(free.page.getByRole('link', { name: /Falar no WhatsApp/ })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\//,
  );

  for (const p of [owner, colleague, outsider, free]) await p.close();
});
