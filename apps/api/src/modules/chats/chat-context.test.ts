import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context';
import { ABSTENTION_MARKDOWN } from '../answers/abstention';
import type { AnswerInput } from '../answers/answer-engine';
import { createExtractiveEngine } from '../answers/extractive.engine';
import {
  buildTurnInput,
  CONTEXT_MESSAGES,
  CONTEXT_WEIGHT,
  STANDALONE_CONTEXT,
  type ChatSoFar,
} from './chat-context';
import { createChatTestApp, type ChatTestApp } from './test-support/chat-test-app';

const chatSoFar = (overrides: Partial<ChatSoFar> = {}): ChatSoFar => ({
  initialQuestion: 'Qual o treinamento para trabalho em altura?',
  initialAnswer: 'Carga horária mínima de oito horas (NR-35, item 35.3.2).',
  initialRegulations: [{ title: 'Trabalho em Altura', code: 'NR-35' }],
  messages: [],
  ...overrides,
});

describe('buildTurnInput', () => {
  it('without context (Free) searches and answers the new message alone', () => {
    expect(buildTurnInput('e com que frequência?', chatSoFar(), false)).toEqual({
      query: 'e com que frequência?',
    });
  });

  it('with context reads a follow-up with the subject of the previous question, searches it with the cited regulations in focus, and hands over the turns', () => {
    expect(buildTurnInput('e com que frequência?', chatSoFar(), true)).toEqual({
      query: 'e com que frequência (treinamento para trabalho em altura)?',
      question: 'e com que frequência (treinamento para trabalho em altura)?',
      focus: ['NR-35'],
      // The previous question's words weigh in at half the weight of the message's own.
      context: [{ text: 'Qual o treinamento para trabalho em altura?', weight: CONTEXT_WEIGHT }],
      conversation: [
        { role: 'user', content: 'Qual o treinamento para trabalho em altura?' },
        { role: 'assistant', content: 'Carga horária mínima de oito horas (NR-35, item 35.3.2).' },
      ],
      continues: true,
    });
  });

  it('takes the latest user message and answer, and only the last messages', () => {
    const messages = Array.from({ length: 14 }, (_, i) => ({
      // Each user message asks ("m4?"): the answer to the last one is the chat's focus.
      content: i % 2 === 0 ? `m${i}?` : `m${i}`,
      isUserMessage: i % 2 === 0,
      regulations:
        i % 2 === 0
          ? []
          : [
              { title: `Norma ${i}`, code: `NR-${i}` },
              { title: `Norma ${i}`, code: `NR-${i}` },
            ],
    }));
    const input = buildTurnInput('e agora?', chatSoFar({ messages }), true);
    // "m0"…"m12" are too short to be subjects: the chat's subject carries through them; the
    // regulations of the last answer are in focus, once each.
    expect(input.query).toBe('e agora (treinamento para trabalho em altura)?');
    expect(input.focus).toEqual(['NR-13']);
    expect(input.conversation).toHaveLength(CONTEXT_MESSAGES);
    expect(input.conversation![0]).toEqual({ role: 'user', content: 'm4?' });
    expect(input.conversation!.at(-1)).toEqual({ role: 'assistant', content: 'm13' });
  });

  it('takes the focus from the answer to the last question, not from what a statement drew', () => {
    const statement = (content: string, code: string) => [
      { content, isUserMessage: true, regulations: [] },
      { content: 'resposta', isUserMessage: false, regulations: [{ title: code, code }] },
    ];
    // "Tomo remédio de pressão todo dia." drew NR-05: the chat is about the platform (NR-37).
    const told = chatSoFar({
      initialQuestion: 'Vou embarcar pela primeira vez numa plataforma, como terceirizado.',
      initialRegulations: [{ title: 'Plataformas de Petróleo', code: 'NR-37' }],
      messages: statement('Tomo remédio de pressão todo dia.', 'NR-05'),
    });
    expect(buildTurnInput('Tenho que levar o meu? Precisa de receita?', told, true).focus).toEqual([
      'NR-37',
    ]);
    // After a question, its answer's regulations are the focus, even when a statement follows.
    const asked = chatSoFar({
      messages: [
        ...statement('Quem assina a permissão de trabalho?', 'NR-33'),
        ...statement('O supervisor está de férias.', 'NR-05'),
      ],
    });
    expect(buildTurnInput('E quem substitui?', asked, true).focus).toEqual(['NR-33']);
    // A question the base had no answer for leaves the focus where it was.
    const unanswered = chatSoFar({
      messages: [
        { content: 'Tem restrição de idade pra isso?', isUserMessage: true, regulations: [] },
        { content: 'Não encontrei…', isUserMessage: false, regulations: [] },
      ],
    });
    expect(buildTurnInput('E o curso, quantas horas?', unanswered, true).focus).toEqual(['NR-35']);
  });

  it("drops the earlier question's NR codes when the new message names its own NR", () => {
    const chat = chatSoFar({
      initialQuestion: 'O que a NR-35 diz sobre treinamento?',
      initialRegulations: [],
    });
    expect(buildTurnInput('e na NR 06?', chat, true).query).toBe('e na NR 06 (treinamento)?');
    // "a reciclagem" is what the message names, and the earlier subject is context; the NR the
    // user named is in focus, not a filter: what the message names may be another NR's. The
    // answer is to the message as written: the subject it carried weighs only as context.
    const input = buildTurnInput('e a reciclagem?', chat, true);
    expect(input.question).toBeUndefined();
    expect(input).toMatchObject({
      query: 'e a reciclagem?',
      focus: ['NR-35'],
      context: [
        { text: 'treinamento', weight: CONTEXT_WEIGHT },
        { text: 'O que a NR-35 diz sobre treinamento?', weight: CONTEXT_WEIGHT },
      ],
    });
  });

  it('does not confine a message that tells its own case to the NR named before', () => {
    const chat = chatSoFar({
      initialQuestion: 'O que a NR 21 exige pra quem trabalha a céu aberto?',
      initialRegulations: [{ title: 'Trabalhos a Céu Aberto', code: 'NR-21' }],
    });
    const input = buildTurnInput(
      'O soldador se recusa a usar a máscara de solda mesmo depois de orientado. Posso dar advertência nele?',
      chat,
      true,
    );
    expect(input.query).not.toMatch(/NR/);
    expect(input.focus).toEqual(['NR-21']);
    // A message that names nothing of its own stays in the NR named before: confined to it, but
    // not vouched for by it (an NR the message itself names would be).
    expect(buildTurnInput('E ele?', chat, true)).toMatchObject({
      query: expect.not.stringMatching(/NR/),
      within: ['NR-21'],
    });
  });

  it("does not confine a message that names another regulation's sector to the NR named before", () => {
    const chat = chatSoFar({
      initialQuestion: 'Na NR-35, qual a carga horária do curso de trabalho em altura?',
      initialRegulations: [{ title: 'Trabalho em Altura', code: 'NR-35' }],
    });
    // The harvest is NR-31's sector: its rule for work at height may be its own.
    const input = buildTurnInput(
      'e pro pessoal que sobe em escada na colheita de laranja aqui na fazenda, vale essas 8 horas tambem?',
      chat,
      true,
    );
    expect(input.query).not.toMatch(/NR/);
    expect(input.focus).toEqual(['NR-31', 'NR-35']);
    // Without a sector of its own, the message stays in the NR named before.
    expect(buildTurnInput('E ele?', chat, true).within).toEqual(['NR-35']);
  });

  it('keeps the NR the user named two messages back as the filter', () => {
    const chat = chatSoFar({
      initialQuestion: 'A NR-32 fala sobre perfurocortantes.',
      initialRegulations: [{ title: 'Serviços de Saúde', code: 'NR-32' }],
      messages: [
        {
          content: 'Tem que ter plano de prevenção pra isso?',
          isUserMessage: true,
          regulations: [],
        },
        {
          content: 'Sim.',
          isUserMessage: false,
          regulations: [{ title: 'Serviços de Saúde', code: 'NR-32' }],
        },
      ],
    });
    expect(buildTurnInput('E o descarte deles é de quem?', chat, true).within).toEqual(['NR-32']);
  });

  it('resolves "esse equipamento", "ele" and "e para 150 empregados?" against the previous question', () => {
    const harness = chatSoFar({
      initialQuestion: 'Quais os requisitos do cinto de segurança tipo paraquedista?',
      initialRegulations: [{ title: 'Trabalho em Altura', code: 'NR-35' }],
    });
    expect(
      buildTurnInput('Com que frequência esse equipamento deve ser inspecionado?', harness, true),
    ).toMatchObject({
      question:
        'Com que frequência o equipamento deve ser inspecionado (cinto de segurança tipo paraquedista)?',
      query:
        'Com que frequência o equipamento deve ser inspecionado (cinto de segurança tipo paraquedista)?',
      focus: ['NR-35'],
      // Read as a follow-up: retrieval holds it to the lower bar of a message the chat vouches for.
      continues: true,
    });
    expect(
      buildTurnInput('E qual a altura a partir da qual ele é obrigatório?', harness, true).question,
    ).toBe('E qual a altura a partir da qual cinto de segurança é obrigatório?');
    const sizing = chatSoFar({
      initialQuestion: 'Quantos membros da CIPA para 80 empregados em grau de risco 3?',
    });
    expect(buildTurnInput('e para 150 empregados?', sizing, true).question).toBe(
      'Quantos membros da CIPA para 150 empregados em grau de risco 3?',
    );
    // Each earlier follow-up is resolved in turn: the subject carries through the chat.
    const longer = chatSoFar({
      initialQuestion: 'Quais os requisitos do cinto de segurança tipo paraquedista?',
      messages: [
        { content: 'E esse equipamento precisa de CA?', isUserMessage: true, regulations: [] },
        { content: 'Sim.', isUserMessage: false, regulations: [{ title: 'Trabalho em Altura' }] },
      ],
    });
    expect(buildTurnInput('Ele vence?', longer, true).question).toBe('cinto de segurança vence?');
  });

  it('weighs the earlier questions less the further back they are, and only the last two', () => {
    const chat = chatSoFar({
      initialQuestion: 'Trabalho numa metalúrgica com bastante ruído.',
      messages: [
        {
          content: 'O PCMSO precisa ter audiometria para quem trabalha com ruído?',
          isUserMessage: true,
          regulations: [],
        },
        { content: 'Sim.', isUserMessage: false, regulations: [{ title: 'PCMSO', code: 'NR-07' }] },
        {
          content: 'Quem paga o exame de audiometria do empregado?',
          isUserMessage: true,
          regulations: [],
        },
        {
          content: 'A empresa.',
          isUserMessage: false,
          regulations: [{ title: 'PCMSO', code: 'NR-07' }],
        },
      ],
    });
    expect(buildTurnInput('E com que frequência?', chat, true).context).toEqual([
      { text: 'Quem paga o exame de audiometria do empregado?', weight: CONTEXT_WEIGHT },
      {
        text: 'O PCMSO precisa ter audiometria para quem trabalha com ruído?',
        weight: CONTEXT_WEIGHT / 2,
      },
    ]);
  });

  it('searches a message that stands on its own as written, with the previous question weighing in lightly', () => {
    const input = buildTurnInput(
      'Qual a carga horária do curso de operador de empilhadeira?',
      chatSoFar(),
      true,
    );
    expect(input.query).toBe('Qual a carga horária do curso de operador de empilhadeira?');
    expect(input.focus).toEqual(['NR-35']);
    expect(input.question).toBeUndefined();
    expect(input.continues).toBeUndefined();
    // Half of what a follow-up gives the same question.
    expect(input.context).toEqual([
      {
        text: 'Qual o treinamento para trabalho em altura?',
        weight: CONTEXT_WEIGHT * STANDALONE_CONTEXT,
      },
    ]);
    expect(STANDALONE_CONTEXT).toBeLessThan(1);
    // A message that names its own NR leaves the conversation out.
    expect(
      buildTurnInput('Qual a carga horária do curso da NR-11?', chatSoFar(), true).context,
    ).toBeUndefined();
  });

  it('puts the sector a message of its own names in focus, not the regulations the last answer cited', () => {
    const chat = chatSoFar({
      initialQuestion:
        'Sou técnico numa construtora e o banheiro do canteiro fica a uns 120 m da frente de serviço, tá ok?',
      initialRegulations: [{ title: 'Construção', code: 'NR-18' }],
    });
    // A quarry ("pedreira") is mining's, NR-22, not a construction site's "pedreiro".
    expect(
      buildTurnInput(
        'agora fui transferido pra uma pedreira do grupo; lá na frente de lavra o limite é igual?',
        chat,
        true,
      ).focus,
    ).toEqual(['NR-22']);
    expect(buildTurnInput('E o refeitório, precisa ter?', chat, true).focus).toEqual(['NR-18']);
  });

  it("does not confine a message about another regulation's topic to the NR named before", () => {
    const chat = chatSoFar({
      initialQuestion: 'A masseira da pizzaria entra na NR-12?',
      initialRegulations: [{ title: 'Máquinas e Equipamentos', code: 'NR-12' }],
    });
    // Ovens are NR-14's.
    const input = buildTurnInput(
      'e pro forno, tem alguma regra de segurança? tipo sobre a chaminé',
      chat,
      true,
    );
    expect(input.query).not.toMatch(/NR/);
    expect(input.focus).toEqual(['NR-14', 'NR-12']);
    // A condition on the chat's question stays in the NR named before.
    expect(buildTurnInput('e para 150 empregados?', chat, true).within).toEqual(['NR-12']);
  });

  it('carries what an earlier question asked about into a message of its own, not how it asked', () => {
    const chat = chatSoFar({
      initialQuestion:
        'De quanto em quanto tempo a avaliação de riscos do PGR tem que ser revista?',
    });
    const input = buildTurnInput(
      'Entrego documentos de moto entre as filiais, tenho direito a adicional de periculosidade?',
      chat,
      true,
    );
    expect(input.question).toBeUndefined();
    expect(input.context).toHaveLength(1);
    expect(input.context![0]!.text).toMatch(/avaliação de riscos do PGR tem que ser revista/);
    expect(input.context![0]!.text).not.toMatch(/tempo|quanto/);
    // A follow-up keeps the earlier question whole: it asks the same kind of thing.
    expect(buildTurnInput('E a do PCMSO?', chat, true).context![0]!.text).toBe(
      'De quanto em quanto tempo a avaliação de riscos do PGR tem que ser revista?',
    );
  });

  it('works for a blank chat with no earlier turns', () => {
    expect(
      buildTurnInput(
        'O que é EPI?',
        chatSoFar({ initialQuestion: null, initialAnswer: null, initialRegulations: [] }),
        true,
      ),
    ).toEqual({
      query: 'O que é EPI?',
      conversation: [],
    });
  });
});

describe('a follow-up through the API, with the real retrieval and extractive engine', () => {
  let t: ChatTestApp;
  const inputs: AnswerInput[] = [];
  const calculatedAsked: string[] = [];

  beforeAll(async () => {
    const extractive = createExtractiveEngine();
    const answers = {
      kind: extractive.kind,
      answer: (input: AnswerInput, options?: Parameters<typeof extractive.answer>[1]) => {
        inputs.push(input);
        return extractive.answer(input, options);
      },
    };
    // Records what the calculated answers are asked, and leaves every question to the engines.
    const calculatedAnswers = {
      tryAnswer: async ({ question }: { question: string }) => {
        calculatedAsked.push(question);
        return null;
      },
    };
    t = await createChatTestApp({
      realEngines: true,
      overrides: { answers, calculatedAnswers } as Partial<AppContext>,
    });
  });
  afterAll(async () => t.close());

  it('hands "e para 150 empregados?" to the calculated answers as the question it stands for', async () => {
    const u = await t.user('pro');
    const asked = await t.askQuestion(
      u,
      'Quantos membros da CIPA para 80 empregados em grau de risco 3?',
    );
    const chat = await t.createChat(u, { chatKey: asked.chatKey });
    calculatedAsked.length = 0;
    const followUp = await t.inject('POST', `/regulation/chat/${chat.id}/message`, u.headers, {
      content: 'e para 150 empregados?',
    });
    expect(followUp.statusCode).toBe(201);
    expect(calculatedAsked).toEqual([
      'Quantos membros da CIPA para 150 empregados em grau de risco 3?',
    ]);
  });

  it('lands in the NR of the conversation for a paid plan, where the message alone finds nothing', async () => {
    const u = await t.user('pro');
    const asked = await t.askQuestion(u, 'Qual o treinamento para trabalho em altura?');
    expect((asked.data as { code: string }[]).map((r) => r.code)).toEqual(['NR-35']);
    const chat = await t.createChat(u, { chatKey: asked.chatKey });
    inputs.length = 0;

    const followUp = await t.inject('POST', `/regulation/chat/${chat.id}/message`, u.headers, {
      content: 'e com que frequência?',
    });
    expect(followUp.statusCode).toBe(201);
    const answer = followUp.json() as {
      content: string;
      regulations: { code: string; sections: { item: string }[] }[];
    };
    expect(answer.content).not.toBe(ABSTENTION_MARKDOWN);
    expect(answer.regulations.map((r) => r.code)).toEqual(['NR-35']);
    // The training items (35.3 Capacitação e Treinamento), not the definition the first words would suggest.
    const items = answer.regulations[0]!.sections.map((s) => s.item);
    expect(items.length).toBeGreaterThan(0);
    expect(items.filter((item) => !item.startsWith('35.3.'))).toEqual([]);
    expect(inputs).toHaveLength(1);
    // The engine answers the follow-up as the question it stands for.
    expect(inputs[0]!.question).toBe('e com que frequência (treinamento para trabalho em altura)?');
    expect(inputs[0]!.conversation).toEqual([
      { role: 'user', content: 'Qual o treinamento para trabalho em altura?' },
      { role: 'assistant', content: asked.aiResponse },
    ]);

    // The next turn carries the follow-up and its answer too.
    inputs.length = 0;
    await t.inject('POST', `/regulation/chat/${chat.chatKey}/message`, u.headers, {
      content: 'e qual a carga horária?',
    });
    expect(inputs[0]!.conversation!.map((turn) => turn.content)).toEqual([
      'Qual o treinamento para trabalho em altura?',
      asked.aiResponse,
      'e com que frequência?',
      answer.content,
    ]);
  });

  it('abstains on the same message with no conversation before it', async () => {
    const u = await t.user('business');
    const chat = await t.createChat(u, { title: 'Sem contexto', projectId: '' });
    inputs.length = 0;
    const res = await t.inject('POST', `/regulation/chat/${chat.id}/message`, u.headers, {
      content: 'e com que frequência?',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ content: ABSTENTION_MARKDOWN, regulations: [] });
    expect(inputs[0]!.retrieval.abstained).toBe(true);
  });

  it('the Free rule (message alone) is what abstains: the same retrieval on the Free query finds nothing', async () => {
    const freeQuery = buildTurnInput('e com que frequência?', chatSoFar(), false).query;
    const paidInput = buildTurnInput('e com que frequência?', chatSoFar(), true);
    const ctx = t.app.ctx;
    expect((await ctx.retrieval.search(freeQuery, { limit: 8 })).abstained).toBe(true);
    const paid = await ctx.retrieval.search(paidInput.query, {
      limit: 8,
      focus: paidInput.focus,
    });
    expect(paid.abstained).toBe(false);
    expect(paid.results[0]!.code).toBe('NR-35');
  });
});
