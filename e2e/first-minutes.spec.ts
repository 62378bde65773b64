import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { expectNoAxeViolations, signInThroughPopup, uniqueEmail } from './support';

const FIRST_QUESTION = 'Quais EPIs o empregador deve fornecer gratuitamente?';
// Outside the NRs (an ABNT standard): the assistant abstains rather than guess.
const OUTSIDE_QUESTION = 'Qual a altura do corrimão de uma rampa segundo a NBR 9050?';
const ABSTAINED_LEAD = 'Não encontrei nas normas da base de conhecimento um item que responda';

/** Keeps a full-page screenshot in the test's results, to look at the page as a person does. */
async function snapshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
}

async function ask(page: Page, question: string) {
  await page.getByRole('combobox', { name: 'Sua pergunta' }).fill(question);
  await page.getByRole('button', { name: 'Perguntar' }).click();
  const answer = page.getByRole('region', { name: question });
  await expect(answer.getByRole('heading', { name: question })).toBeVisible();
  await expect(page.getByRole('status')).toHaveCount(0, { timeout: 30_000 });
  return answer;
}

for (const viewport of [
  { name: 'a phone (390 px)', width: 390, height: 844 },
  { name: 'a desktop (1280 px)', width: 1280, height: 800 },
]) {
  test(`a new Free user's first minutes on ${viewport.name}: asks on landing, sees what is left, an abstention costs nothing`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    // Every script and style of the app arrives compressed, from the first page on.
    const assets: { url: string; encoding: string | undefined }[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/assets/'))
        assets.push({ url: response.url(), encoding: response.headers()['content-encoding'] });
    });

    await signInThroughPopup(page, { name: 'Nina Nova', email: uniqueEmail('nina') });
    await expect(
      page.getByRole('heading', { level: 1, name: 'Assistente de Normas' }),
    ).toBeVisible();
    const meter = page.getByTestId('usage-meter');
    await expect(meter).toHaveText('Restam 3 de 3 perguntas hoje');
    await snapshot(page, testInfo, 'landing');

    // The first question on the landing page gets an answer with its cited items.
    const answer = await ask(page, FIRST_QUESTION);
    await expect(answer.getByRole('region', { name: 'Normas relacionadas' })).toBeVisible();
    await expect(
      answer.getByRole('group', { name: 'Continue esta resposta como chat no Plano Pro' }),
    ).toBeVisible();
    await expect(answer.locator('.markdown blockquote').first()).toBeVisible();
    await expect(meter).toHaveText('Restam 2 de 3 perguntas hoje');
    await snapshot(page, testInfo, 'answer');

    // A question outside the NRs: no answer is made up, and the count stays where it was.
    const abstained = await ask(page, OUTSIDE_QUESTION);
    await expect(abstained.getByText(ABSTAINED_LEAD)).toBeVisible();
    await expect(page.getByText(/Confira a resposta e os itens citados/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Continuar chat' })).toHaveCount(0);
    const steps = abstained.getByRole('region', { name: 'O que fazer agora' });
    await expect(steps).toContainText(
      'Esta pergunta não foi descontada do seu limite: restam 2 de 3 perguntas hoje.',
    );
    await expect(steps.getByRole('link').first()).toBeVisible();
    await expect(meter).toHaveText('Restam 2 de 3 perguntas hoje');
    await expectNoAxeViolations(page);
    await snapshot(page, testInfo, 'abstained');

    await steps.getByRole('button', { name: 'Reformular a pergunta' }).click();
    await expect(page.getByRole('combobox', { name: 'Sua pergunta' })).toBeFocused();

    // The count survives a reload: it is the server's.
    await page.reload();
    await expect(meter).toHaveText('Restam 2 de 3 perguntas hoje');

    // /chat is no dead end either.
    await page.goto('/chat');
    await expect(
      page.getByText(/sua mensagem é respondida como uma pergunta às normas/),
    ).toBeVisible();
    await snapshot(page, testInfo, 'chat');

    const scripts = assets.filter((a) => /\.(js|css)$/.test(new URL(a.url).pathname));
    expect(scripts.length).toBeGreaterThan(2);
    expect(scripts.filter((a) => a.encoding !== 'br')).toEqual([]);
  });
}
