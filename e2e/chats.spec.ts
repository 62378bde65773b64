import { expect, test, type Page } from '@playwright/test';
import {
  expectNoAxeViolations,
  expectStreamedBody,
  recordEventStreams,
  recordedStreams,
  setPlan,
  signInThroughPopup,
  uniqueEmail,
} from './support';

const FIRST_QUESTION = 'Qual a altura a partir da qual o trabalho é considerado em altura?';
const MESSAGES = [
  'Qual a carga horária do treinamento para trabalho em altura?',
  'Quando o trabalhador deve passar por treinamento periódico?',
];
const CITATION_HREF = /^\/regulations\/[0-9a-f-]{36}#.+$/;
const CHAT_STREAM = /^\/api\/v1\/regulation\/chat\/[^/]+\/message\/stream$/;

/** Asks on /regulations and waits for the finished answer. */
async function askOnRegulations(page: Page, question: string) {
  await page.goto('/regulations');
  await page.getByRole('combobox', { name: 'Sua pergunta' }).fill(question);
  await page.getByRole('button', { name: 'Perguntar' }).click();
  const answer = page.getByRole('region', { name: question });
  await expect(answer.getByRole('button', { name: 'Continuar chat' })).toBeVisible({
    timeout: 30_000,
  });
  return answer;
}

test('a Pro user continues an answer as a chat, sends two messages, gives negative feedback and finds the chat in the drawer', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await recordEventStreams(page);
  await signInThroughPopup(page, { name: 'Paula Pro', email: uniqueEmail('paula') });
  await setPlan(page, 'pro');

  const answer = await askOnRegulations(page, FIRST_QUESTION);
  await expect(page.getByRole('complementary', { name: 'Plano Pro' })).toHaveCount(0);
  await answer.getByRole('button', { name: 'Continuar chat' }).click();
  await expect(page).toHaveURL(/\/chat\/[^/]+$/);
  const chatUrl = page.url();

  // The chat opens with the question and its answer, cited items included.
  await expect(page.getByRole('heading', { level: 1, name: FIRST_QUESTION })).toBeVisible();
  const messages = page.getByRole('list', { name: 'Mensagens' }).locator(':scope > li');
  await expect(messages).toHaveCount(2);
  await expect(messages.nth(0)).toHaveText(`Você:${FIRST_QUESTION}`);
  await expect(
    messages
      .nth(1)
      .getByRole('link', { name: /^item / })
      .first(),
  ).toHaveAttribute('href', CITATION_HREF);

  // Each message (sent with Enter) gets a streamed reply that cites its items.
  const box = page.getByRole('textbox', { name: 'Mensagem' });
  for (const [index, text] of MESSAGES.entries()) {
    const before = (await recordedStreams(page)).length;
    await box.fill(text);
    await box.press('Enter');
    await expect(box).toHaveValue('');
    await expect(messages.nth(2 + index * 2)).toHaveText(`Você:${text}`);
    await expect
      .poll(async () => (await recordedStreams(page)).length, { timeout: 30_000 })
      .toBe(before + 1);
    expectStreamedBody((await recordedStreams(page))[before], CHAT_STREAM);
    const reply = messages.nth(3 + index * 2);
    await expect(reply.getByRole('button', { name: 'Avaliar resposta' })).toBeVisible();
    await expect(reply).toContainText('Assistente:');
    await expect(reply.getByRole('link', { name: /^item / }).first()).toHaveAttribute(
      'href',
      CITATION_HREF,
    );
  }
  await expect(messages).toHaveCount(6);
  await expect(page.getByRole('button', { name: 'Avaliar resposta' })).toHaveCount(2);
  await expectNoAxeViolations(page);

  // Negative feedback with a comment on the last reply.
  const lastReply = messages.nth(5);
  await lastReply.getByRole('button', { name: 'Avaliar resposta' }).click();
  const form = lastReply.getByRole('form', { name: 'Avaliar resposta' });
  const notUseful = form.getByRole('button', { name: 'Resposta não útil' });
  await expect(form.getByRole('button', { name: 'Enviar feedback' })).toBeDisabled();
  await notUseful.click();
  await expect(notUseful).toHaveAttribute('aria-pressed', 'true');
  // Drawn as icons: no emoji font is needed to see them.
  await expect(form.locator('svg[data-icon="thumb-down"]')).toBeVisible();
  await lastReply.screenshot({ path: testInfo.outputPath('feedback.png') });
  const comment = 'Faltou citar a carga horária do treinamento inicial.';
  await form.getByLabel('Comentário (opcional)').fill(`  ${comment}  `);
  const feedbackRequest = page.waitForRequest(
    (request) =>
      request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/chat/feedback',
  );
  await form.getByRole('button', { name: 'Enviar feedback' }).click();
  const sent = await feedbackRequest;
  expect(sent.postDataJSON()).toEqual({
    chatId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    messageId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    type: 'NEGATIVE',
    comment,
  });
  expect((await sent.response())?.ok()).toBe(true);
  await expect(lastReply.getByRole('status')).toHaveText('Obrigado pelo feedback!');
  // The thanks lasts 2 s, then the control is back to its closed state.
  await expect(lastReply.getByRole('button', { name: 'Avaliar resposta' })).toBeVisible({
    timeout: 5_000,
  });

  // On a desktop window the drawer is open; the chat is listed among the independent chats.
  await page.getByRole('link', { name: 'Histórico' }).click();
  await expect(page).toHaveURL(/\/history$/);
  const drawerChats = page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('list', { name: 'Chats Independentes' });
  const chatLink = drawerChats.getByRole('link', { name: FIRST_QUESTION });
  await expect(chatLink).toBeVisible();
  await chatLink.click();
  await expect(page).toHaveURL(chatUrl);
  await expect(messages).toHaveCount(6);
  await expect(messages.nth(4)).toHaveText(`Você:${MESSAGES[1]}`);
});

test('a Free user is shown what a chat gives instead of a dead end, under an answer and on /chat', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInThroughPopup(page, { name: 'Fábio Gratuito', email: uniqueEmail('fabio') });

  await page.getByRole('combobox', { name: 'Sua pergunta' }).fill(FIRST_QUESTION);
  await page.getByRole('button', { name: 'Perguntar' }).click();
  const answer = page.getByRole('region', { name: FIRST_QUESTION });
  const upsell = answer.getByRole('group', {
    name: 'Continue esta resposta como chat no Plano Pro',
  });
  await expect(upsell).toBeVisible({ timeout: 30_000 });
  await expect(answer.getByRole('button', { name: 'Continuar chat' })).toHaveCount(0);
  await expect(upsell.getByRole('link', { name: 'Conhecer o Plano Pro' })).toHaveAttribute(
    'href',
    '/payment',
  );

  // On /chat the first message is answered as a question: no modal, no chat created.
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Chat de Normas' })
    .click();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(
    page.getByText(/sua mensagem é respondida como uma pergunta às normas/),
  ).toBeVisible();
  const box = page.getByRole('textbox', { name: 'Mensagem' });
  await box.fill(MESSAGES[0]!);
  await box.press('Enter');
  await expect(page).toHaveURL(/\/regulations$/);
  await expect(
    page
      .getByRole('region', { name: MESSAGES[0]! })
      .getByRole('group', { name: 'Continue esta resposta como chat no Plano Pro' }),
  ).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('usage-meter')).toHaveText('Resta 1 de 3 perguntas hoje');
  await expectNoAxeViolations(page);
  // The question was asked once: a reload shows it in the box, and does not ask it again.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Sua pergunta' })).toHaveValue(MESSAGES[0]!);
  await expect(page.getByTestId('usage-meter')).toHaveText('Resta 1 de 3 perguntas hoje');
  await expect(
    page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('list', { name: 'Chats Independentes' }),
  ).toHaveText('Ainda não há chats independentes');
});
