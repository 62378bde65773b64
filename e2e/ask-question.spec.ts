import { expect, test, type Page } from '@playwright/test';
import {
  expectNoAxeViolations,
  expectStreamedBody,
  recordEventStreams,
  recordedStreams,
  saoPauloDate,
  signInThroughPopup,
  uniqueEmail,
} from './support';

const HEIGHT_QUESTION = 'Qual a altura a partir da qual o trabalho é considerado em altura?';
// Longer than 100 characters, so that the history shows it cut with an ellipsis.
const LONG_QUESTION =
  'Numa obra com andaimes e plataformas elevadas, qual a carga horária do treinamento inicial e do periódico para o trabalho em altura?';
const CIPA_QUESTION = 'Qual é o objetivo da CIPA?';

const CITATION_HREF = /^\/regulations\/[0-9a-f-]{36}#.+$/;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Asks on /regulations and waits until the page has received the whole answer (or refusal).
 * Whether the page showed its loading state is recorded by a MutationObserver, so that a fast
 * answer cannot slip past the check.
 */
async function ask(page: Page, question: string) {
  const before = (await recordedStreams(page)).length;
  await page.evaluate(() => {
    const w = window as unknown as { sawGenerating: boolean };
    w.sawGenerating = false;
    const observer = new MutationObserver(() => {
      if (document.querySelector('[role="status"]')?.textContent?.includes('Gerando resposta…'))
        w.sawGenerating = true;
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  await page.getByRole('combobox', { name: 'Sua pergunta' }).fill(question);
  await page.getByRole('button', { name: 'Perguntar' }).click();
  await expect
    .poll(async () => (await recordedStreams(page)).length, { timeout: 30_000 })
    .toBe(before + 1);
  const stream = (await recordedStreams(page))[before];
  const sawGenerating = await page.evaluate(
    () => (window as unknown as { sawGenerating: boolean }).sawGenerating,
  );
  return { stream, sawGenerating };
}

async function expectStreamedAnswer(page: Page, question: string) {
  const { stream, sawGenerating } = await ask(page, question);
  expectStreamedBody(stream, /^\/api\/v1\/regulation\/question\/stream$/);
  expect(sawGenerating).toBe(true);

  const answer = page.getByRole('region', { name: question });
  // A Free user is shown what a chat would give, where a Pro user has "Continuar chat".
  await expect(
    answer.getByRole('group', { name: 'Continue esta resposta como chat no Plano Pro' }),
  ).toBeVisible();
  await expect(page.getByRole('status')).toHaveCount(0);
  return answer;
}

test('a free user asks, opens a citation, reaches the daily limit, finds the questions in history and searches the FAQ', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await recordEventStreams(page);
  await signInThroughPopup(page, { name: 'Carla Perguntadora', email: uniqueEmail('carla') });

  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Perguntar às normas' })
    .click();
  await expect(page).toHaveURL(/\/regulations$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Assistente de Normas' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Plano Pro' })).toBeVisible();
  await expect(page.getByTestId('usage-meter')).toHaveText('Restam 3 de 3 perguntas hoje');

  // 1. A streamed answer whose cited items link into the regulation viewer.
  const answer = await expectStreamedAnswer(page, HEIGHT_QUESTION);
  await expect(answer.getByText('Itens citados', { exact: true })).toBeVisible();
  // Inside the answer text itself, e.g. "— [NR-35, item 35.4.4](/regulations/<id>#35.4.4)".
  await expect(answer.getByRole('link', { name: /^NR-\d\d, item / }).first()).toHaveAttribute(
    'href',
    CITATION_HREF,
  );
  const related = answer.getByRole('region', { name: 'Normas relacionadas' });
  await expect(related).toBeVisible();
  const citedItems = related.getByRole('list', { name: /^Itens citados da NR-\d\d$/ }).first();
  const firstCited = citedItems.getByRole('link').first();
  await expect(firstCited).toHaveAttribute('href', CITATION_HREF);
  await expectNoAxeViolations(page);

  // 2. The citation opens the viewer with the cited item highlighted and focused.
  const href = (await firstCited.getAttribute('href'))!;
  const item = decodeURIComponent(href.slice(href.indexOf('#') + 1));
  await firstCited.click();
  await expect(page).toHaveURL((url) => url.pathname + url.hash === href);
  const highlighted = page.locator('li[data-highlighted]');
  await expect(highlighted).toHaveCount(1, { timeout: 20_000 });
  await expect(highlighted.getByText(item, { exact: false }).first()).toBeVisible();
  await expect(highlighted.getByText('(item citado)')).toBeVisible();
  await expect(highlighted).toBeFocused();
  await expect(highlighted).toBeInViewport();

  // 3. Two more questions use the free allowance; the page then stands at the daily limit, and
  //    stays there after a reload, because the count comes from the server.
  await page.getByRole('link', { name: 'Voltar ao Assistente de Normas' }).click();
  await expect(page).toHaveURL(/\/regulations$/);
  await expect(page.getByTestId('usage-meter')).toHaveText('Restam 2 de 3 perguntas hoje');
  await expectStreamedAnswer(page, LONG_QUESTION);
  await expect(page.getByTestId('usage-meter')).toHaveText('Resta 1 de 3 perguntas hoje');
  await expectStreamedAnswer(page, CIPA_QUESTION);

  for (const when of ['after the third answer', 'after a reload']) {
    if (when === 'after a reload') await page.reload();
    const notice = page.getByRole('alert');
    await expect(notice.getByRole('heading', { name: 'Limite diário atingido' })).toBeVisible();
    await expect(
      notice.getByText('Você atingiu o limite de 3 perguntas por dia do plano Gratuito.', {
        exact: true,
      }),
    ).toBeVisible();
    await expect(notice.getByTestId('limit-usage')).toHaveText('3/3');
    await expect(notice.getByText(`O limite será renovado em ${saoPauloDate(1)}`)).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Sua pergunta' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Perguntar' })).toBeDisabled();
  }
  await page.getByRole('alert').getByRole('link', { name: 'Atualizar para o Plano Pro' }).click();
  await expect(page).toHaveURL(/\/payment$/);

  // 4. The history holds the three answered questions, newest first, the long one cut at 100.
  await page.getByRole('link', { name: 'Histórico' }).click();
  await expect(page).toHaveURL(/\/history$/);
  const entries = page.locator('main').getByRole('listitem').getByRole('link');
  await expect(entries).toHaveCount(3);
  const time = String.raw` \d{2}:\d{2}`;
  const longPreview = `${LONG_QUESTION.slice(0, 100)}…`;
  await expect(entries.nth(0)).toHaveAccessibleName(
    new RegExp(`^${escapeRegExp(CIPA_QUESTION)}${time}$`),
  );
  await expect(entries.nth(1)).toHaveAccessibleName(
    new RegExp(`^${escapeRegExp(longPreview)}${time}$`),
  );
  await expect(entries.nth(2)).toHaveAccessibleName(
    new RegExp(`^${escapeRegExp(HEIGHT_QUESTION)}${time}$`),
  );
  await expect(
    page.getByRole('heading', { level: 2, name: `Hoje, ${saoPauloDate(0)}` }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  await entries.nth(2).click();
  await expect(page).toHaveURL(/\/history\/[0-9a-f-]{36}$/);
  const stored = page.getByRole('region', { name: HEIGHT_QUESTION });
  await expect(stored.getByText('Itens citados', { exact: true })).toBeVisible();
  await expect(
    stored.getByRole('region', { name: 'Normas relacionadas' }).getByRole('link').first(),
  ).toHaveAttribute('href', /^\/regulations\/[0-9a-f-]{36}/);

  // 5. The FAQ search ignores accents: "incendios" finds the NR-23 question.
  await page.getByRole('link', { name: 'Perguntas frequentes' }).click();
  await expect(page).toHaveURL(/\/faq$/);
  const faqList = page.getByRole('list', { name: 'Perguntas frequentes' });
  await expect(faqList.getByRole('link')).toHaveCount(10);
  await page.getByRole('searchbox', { name: 'Buscar nas perguntas frequentes' }).fill('incendios');
  const faqQuestion =
    'Segundo a NR-23, quais medidas de prevenção contra incêndios a organização deve adotar?';
  await expect(faqList.getByRole('link')).toHaveCount(1);
  await expect(faqList.getByRole('link')).toHaveText(faqQuestion);
  await expectNoAxeViolations(page);

  await faqList.getByRole('link', { name: faqQuestion }).click();
  await expect(page).toHaveURL(/\/faq\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: faqQuestion })).toBeVisible();
  const faqAnswer = page.getByRole('region', { name: 'Resposta' });
  await expect(faqAnswer.getByText('Itens citados', { exact: true })).toBeVisible();
  await expect(faqAnswer.getByRole('link', { name: /^NR-23, item / }).first()).toHaveAttribute(
    'href',
    CITATION_HREF,
  );
});

test('typing "extintor" offers questions about the NRs, and the keyboard picks one', async ({
  page,
}) => {
  await signInThroughPopup(page, { name: 'Sofia Sugestões', email: uniqueEmail('sofia') });
  await page.goto('/regulations');
  const box = page.getByRole('combobox', { name: 'Sua pergunta' });
  await box.pressSequentially('extintor');
  const list = page.getByRole('listbox', { name: 'Sugestões de perguntas' });
  await expect(list).toBeVisible();
  const options = list.getByRole('option');
  await expect.poll(() => options.count()).toBeGreaterThanOrEqual(3);
  expect(await options.count()).toBeLessThanOrEqual(8);
  const texts = await options.allTextContents();
  // Questions about fire extinguishers, from the FAQs, the NR-23 headings or its example questions.
  expect(texts.filter((t) => /extint/i.test(t)).length).toBeGreaterThanOrEqual(3);

  await box.press('ArrowDown');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
  await expect(box).toHaveValue(texts[0]!);
  await expect(list).toBeHidden();

  // A regulation named in the text keeps the suggestions to it.
  await box.fill('');
  await box.pressSequentially('NR-35 inspeção');
  await expect(list.getByRole('option').first()).toBeVisible();
  await expectNoAxeViolations(page);
  await box.press('Escape');
  await expect(list).toBeHidden();
});
