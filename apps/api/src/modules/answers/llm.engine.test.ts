import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ERRORS } from '@normas/contracts/errors';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { ABSTENTION_MARKDOWN, ABSTENTION_SCOPE } from './abstention';
import type { AnswerOptions } from './answer-engine';
import {
  EMPLOYER_DUTIES,
  GUARDRAIL_ANNEX,
  inputFor,
  PLATFORM_REGULATION_ID as REG,
  TRAINING,
} from './answers.fixtures';
import { citationLink } from './citation';
import { createAnswerEngine } from './create-answer-engine';
import { createLlmEngine } from './llm.engine';
import { LLM_ABSTAIN_SENTENCE, PARTIAL_SOURCES_NOTE } from './llm.prompt';

/** A stand-in for an OpenAI-compatible server; each test decides how it answers. */
type Handler = (
  req: http.IncomingMessage,
  res: http.ServerResponse,
  body: string,
) => void | Promise<void>;
let handler: Handler;
let requests: { headers: http.IncomingHttpHeaders; body: Record<string, unknown>; url: string }[];
let server: http.Server;
let baseUrl: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      requests.push({
        headers: req.headers,
        body: JSON.parse(body) as Record<string, unknown>,
        url: req.url ?? '',
      });
      void handler(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  requests = [];
});

const sse = (res: http.ServerResponse) =>
  res.writeHead(200, { 'content-type': 'text/event-stream' });
const chunk = (content: string) =>
  `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content } }] })}\n\n`;
const streamAll =
  (parts: string[]): Handler =>
  (_req, res) => {
    sse(res);
    for (const p of parts) res.write(chunk(p));
    res.end('data: [DONE]\n\n');
  };

const warnings: { details: object; message: string }[] = [];
const logger = { warn: (details: object, message: string) => warnings.push({ details, message }) };
const engine = (timeoutMs = 2000) =>
  createLlmEngine({ baseUrl, apiKey: 'test-key', model: 'stand-in-model', timeoutMs, logger });

const question = 'Qual a carga horária da capacitação do operador?';
const input = () => inputFor(question, [TRAINING, EMPLOYER_DUTIES, GUARDRAIL_ANNEX]);
const good = citationLink(TRAINING);

async function run(options: AnswerOptions = {}, eng = engine(), given = input()) {
  const deltas: string[] = [];
  const result = await eng.answer(given, { ...options, onDelta: (t) => deltas.push(t) });
  return { result, deltas };
}

describe('LLM engine against an OpenAI-compatible stand-in', () => {
  it('streams the answer as it arrives, grounded on the sources it sends', async () => {
    let firstDeltaSeen!: () => void;
    const seen = new Promise<void>((resolve) => (firstDeltaSeen = resolve));
    handler = async (_req, res) => {
      sse(res);
      res.write(chunk('A capacitação deve ter carga horária mínima de 16 (dezesseis) horas '));
      await seen; // the rest only goes out once the client has shown the first words
      res.write(chunk('([NR-98, item 98.3.1](/regulations/'));
      res.write(chunk(`${REG}#98.3.1)).`));
      res.end('data: [DONE]\n\n');
    };
    const deltas: string[] = [];
    const result = await engine().answer(input(), {
      onDelta: (t) => {
        deltas.push(t);
        firstDeltaSeen();
      },
    });
    // The model quoted nothing: the cited item's text follows, shown as the extractive engine shows it.
    expect(result).toEqual({
      markdown:
        `A capacitação deve ter carga horária mínima de 16 (dezesseis) horas (${good}).\n\n` +
        '**Trechos citados**\n\n' +
        '> O operador de plataforma elevatória deve ser capacitado pelo empregador antes de iniciar a atividade.\n>\n' +
        '> A capacitação deve ter carga horária mínima de 16 (dezesseis) horas e ser renovada a cada 2 (dois) anos.\n>\n' +
        '> O certificado da capacitação fica à disposição da fiscalização no estabelecimento.\n\n' +
        `— ${good}`,
      citations: [
        { regulationId: REG, sectionId: TRAINING.sectionId, code: 'NR-98', item: '98.3.1' },
      ],
      abstained: false,
    });
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe(result.markdown);

    const [request] = requests;
    expect(request!.url).toBe('/v1/chat/completions');
    expect(request!.headers.authorization).toBe('Bearer test-key');
    expect(request!.body).toMatchObject({
      model: 'stand-in-model',
      stream: true,
      temperature: 0.1,
    });
    const messages = request!.body.messages as { role: string; content: string }[];
    expect(messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(messages[0]!.content).toContain(`responda apenas: "${LLM_ABSTAIN_SENTENCE}"`);
    expect(messages[1]!.content).toContain(
      `[1] NR-98, item 98.3.1 — 98.3 CAPACITAÇÃO DOS OPERADORES\nLink: ${good}\nTexto:\nO operador`,
    );
    // A wording not yet in force says so, for the model to say it in its first paragraph (rule 9).
    expect(messages[1]!.content).toContain(
      `Link: ${citationLink(GUARDRAIL_ANNEX)}\nVigência: esta redação só entra em vigor em 01/01/2031.\nTexto:`,
    );
    expect(messages[0]!.content).toContain('linha "Vigência:"');
    expect(messages[1]!.content).not.toContain('Portaria XYZ');
    expect(messages[1]!.content.endsWith(`Pergunta: ${question}`)).toBe(true);
  });

  it('sends the conversation so far, and no Authorization header without a key', async () => {
    handler = streamAll([`Sim, 16 horas (${good}).`]);
    const given = {
      ...input(),
      conversation: [
        { role: 'user' as const, content: 'E a capacitação?' },
        { role: 'assistant' as const, content: 'É obrigatória.' },
      ],
    };
    await run({}, createLlmEngine({ baseUrl, model: 'stand-in-model', timeoutMs: 2000 }), given);
    const messages = requests[0]!.body.messages as { role: string; content: string }[];
    expect(messages.map((m) => [m.role, m.content.slice(0, 14)])).toEqual([
      ['system', 'Você é o Assis'],
      ['user', 'E a capacitaçã'],
      ['assistant', 'É obrigatória.'],
      ['user', 'Fontes:\n\n[1] N'],
    ]);
    expect(requests[0]!.headers.authorization).toBeUndefined();
  });

  it('tells the model when the sources only partly match the question, and only then', async () => {
    handler = streamAll([`Em parte: ${good}.`]);
    const partial = { ...input(), retrieval: { ...input().retrieval, partial: true } };
    await run({}, createLlmEngine({ baseUrl, model: 'stand-in-model', timeoutMs: 2000 }), partial);
    await run({}, createLlmEngine({ baseUrl, model: 'stand-in-model', timeoutMs: 2000 }), input());
    const lastUser = (i: number) =>
      (requests[i]!.body.messages as { role: string; content: string }[]).at(-1)!.content;
    expect(lastUser(0).startsWith(`${PARTIAL_SOURCES_NOTE}\n\nFontes:`)).toBe(true);
    expect(lastUser(1)).not.toContain(PARTIAL_SOURCES_NOTE);
  });

  it('strips a citation to an item that was not retrieved, before it reaches the client', async () => {
    handler = streamAll([
      `São 16 horas (${good}) e o guarda-corpo tem 1,20 m `,
      `([NR-98, item 98.9.9](/regulations/${REG}#98.9.9)).`,
    ]);
    const { result, deltas } = await run();
    expect(result.markdown.split('\n\n')[0]).toBe(
      `São 16 horas (${good}) e o guarda-corpo tem 1,20 m.`,
    );
    expect(deltas.join('')).toBe(result.markdown);
    expect(deltas.some((d) => d.includes('98.9.9'))).toBe(false);
    expect(result.citations.map((c) => c.item)).toEqual(['98.3.1']);
  });

  it('lists the sources when the model cited none', async () => {
    handler = streamAll(['A capacitação tem 16 horas.']);
    const { result, deltas } = await run();
    expect(result.markdown).toBe(
      `A capacitação tem 16 horas.\n\n**Itens consultados**\n\n- ${good}\n- ${citationLink(GUARDRAIL_ANNEX)}\n- ${citationLink(EMPLOYER_DUTIES)}`,
    );
    expect(deltas.join('')).toBe(result.markdown);
    expect(result.citations.map((c) => c.item)).toEqual(['98.3.1', 'Anexo II 1.3', '98.3.2']);
  });

  it('passes on the model abstaining, with what the base covers', async () => {
    handler = streamAll([LLM_ABSTAIN_SENTENCE]);
    const { result } = await run();
    expect(result).toEqual({
      markdown: `${LLM_ABSTAIN_SENTENCE}\n\n${ABSTENTION_SCOPE}`,
      citations: [],
      abstained: true,
    });
  });

  it('does not call the endpoint when retrieval abstained', async () => {
    handler = streamAll(['não deveria ser chamado']);
    const { result, deltas } = await run(
      {},
      engine(),
      inputFor('Largura de escada pela NBR 9077?', [TRAINING], true),
    );
    expect(result).toEqual({ markdown: ABSTENTION_MARKDOWN, citations: [], abstained: true });
    expect(deltas.join('')).toBe(ABSTENTION_MARKDOWN);
    expect(requests).toHaveLength(0);
  });

  it('answers ANSWER_FAILED on an HTTP error, logging the status but not passing the provider text on', async () => {
    warnings.length = 0;
    handler = (_req, res) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end('{"error":{"message":"segredo interno do provedor"}}');
    };
    const error = await engine()
      .answer(input())
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'ANSWER_FAILED',
      status: 502,
      message: ERRORS.ANSWER_FAILED.message,
    });
    expect(JSON.stringify(error)).not.toContain('segredo');
    expect(warnings[0]!.details).toMatchObject({ status: 500 });
  });

  it('answers ANSWER_FAILED on a malformed stream or an unreachable endpoint', async () => {
    handler = (_req, res) => {
      sse(res);
      res.end('data: {isto não é json\n\n');
    };
    await expect(engine().answer(input())).rejects.toMatchObject({ code: 'ANSWER_FAILED' });
    const nowhere = createLlmEngine({
      baseUrl: 'http://127.0.0.1:1/v1',
      model: 'm',
      timeoutMs: 2000,
    });
    await expect(nowhere.answer(input())).rejects.toMatchObject({ code: 'ANSWER_FAILED' });
  });

  it('answers ANSWER_TIMEOUT when the endpoint stalls, within the configured timeout', async () => {
    handler = (_req, res) => {
      sse(res);
      res.write(chunk('Começou '));
      // …and then says nothing more.
    };
    const started = performance.now();
    await expect(engine(300).answer(input())).rejects.toMatchObject({
      code: 'ANSWER_TIMEOUT',
      status: 504,
    });
    expect(performance.now() - started).toBeLessThan(2000);

    handler = () => {}; // never even sends headers
    await expect(engine(300).answer(input())).rejects.toMatchObject({ code: 'ANSWER_TIMEOUT' });
  });

  it('stops when the caller aborts', async () => {
    handler = (_req, res) => {
      sse(res);
      res.write(chunk('Primeiras palavras '));
    };
    const controller = new AbortController();
    const started = performance.now();
    const pending = engine(10_000).answer(input(), {
      signal: controller.signal,
      onDelta: () => controller.abort(),
    });
    await expect(pending).rejects.toMatchObject({ code: 'ANSWER_TIMEOUT' });
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('engine choice', () => {
  it('uses the extractive engine by default and the LLM one when an endpoint is configured', () => {
    expect(createAnswerEngine(loadConfig({})).kind).toBe('extractive');
    expect(
      createAnswerEngine(loadConfig({ LLM_BASE_URL: baseUrl, LLM_MODEL: 'm', LOG_LEVEL: 'silent' }))
        .kind,
    ).toBe('llm');
    expect(
      createAnswerEngine(
        loadConfig({ LLM_BASE_URL: baseUrl, LLM_MODEL: 'm', ANSWER_ENGINE: 'extractive' }),
      ).kind,
    ).toBe('extractive');
  });
  it('turns the passage markers [1] and [2, 1] into links to the numbered sources, split across chunks or not', async () => {
    handler = streamAll(['São 16 horas [', '1]. Vale para o vento [2', ', 1] e [9].']);
    const two = {
      ...input(),
      retrieval: { ...input().retrieval, results: [TRAINING, { ...EMPLOYER_DUTIES, score: 1 }] },
    };
    const { result } = await run({}, undefined, two);
    const duties = `[NR-98, item 98.3.2](/regulations/${REG}#98.3.2)`;
    expect(result.markdown.split('\n\n')[0]).toBe(
      `São 16 horas (${good}). Vale para o vento (${duties}, ${good}) e .`,
    );
    expect(result.citations.map((c) => c.item)).toEqual(['98.3.1', '98.3.2']);
  });

  it('leaves the quotes to the model when it quoted the norm itself', async () => {
    handler = streamAll([
      `São 16 horas (${good}).\n\n> A capacitação deve ter carga horária mínima de 16 (dezesseis) horas\n\n— ${good}`,
    ]);
    const { result } = await run();
    expect(result.markdown).not.toContain('Trechos citados');
  });
});
