import { describe, expect, it } from 'vitest';
import { ABSTENTION_MARKDOWN } from './abstention';
import type { AnswerSource } from './answer-engine';
import {
  EMPLOYER_DUTIES,
  GUARDRAIL_ANNEX,
  inputFor,
  PLATFORM_REGULATION_ID,
  TRAINING,
  UNRELATED,
} from './answers.fixtures';
import { annexTitle, DISCLAIMER, PARTIAL_NOTICE } from './extractive.markdown';
import { createExtractiveEngine } from './extractive.engine';

const engine = createExtractiveEngine({ now: () => new Date('2026-06-01T12:00:00-03:00') });
const link = (item: string, label: string) =>
  `[${label}](/regulations/${PLATFORM_REGULATION_ID}#${item})`;
const ITEM_LINK = /\]\(\/regulations\/([^#)]+)#([^)]+)\)/g;

function linkedItems(markdown: string): string[] {
  return [...markdown.matchAll(ITEM_LINK)].map((m) => `${m[1]}#${decodeURIComponent(m[2]!)}`);
}

describe('grounded extractive engine', () => {
  it('leads with the sentence that carries the number and quotes it, cited with its link', async () => {
    const result = await engine.answer(
      inputFor('Qual a carga horária do treinamento de operador de plataforma elevatória?', [
        TRAINING,
        EMPLOYER_DUTIES,
        UNRELATED,
      ]),
    );
    expect(result.abstained).toBe(false);
    expect(result.markdown.split('\n\n')[0]).toBe(
      'Segundo o item 98.3.1 da NR-98, a capacitação deve ter carga horária mínima de 16 (dezesseis) horas e ser renovada a cada 2 (dois) anos.',
    );
    expect(result.markdown).toContain(
      '> A capacitação deve ter carga horária mínima de 16 (dezesseis) horas e ser renovada a cada 2 (dois) anos.',
    );
    expect(result.markdown).toContain(`— ${link('98.3.1', 'NR-98, item 98.3.1')}`);
    // The amendment note is about who wrote the text, not what it says.
    expect(result.markdown).not.toContain('Portaria');
    expect(result.citations).toEqual([
      {
        regulationId: PLATFORM_REGULATION_ID,
        sectionId: TRAINING.sectionId,
        code: 'NR-98',
        item: '98.3.1',
      },
    ]);
  });

  it('joins a lettered sub-item to its lead-in and quotes both, marking what was left out', async () => {
    const result = await engine.answer(
      inputFor('qual a velocidade máxima do vento para usar a plataforma?', [
        EMPLOYER_DUTIES,
        { ...TRAINING, score: EMPLOYER_DUTIES.score * 0.5 },
      ]),
    );
    expect(result.markdown.split('\n\n')[0]).toBe(
      'Segundo o item 98.3.2 da NR-98, cabe ao empregador: c) suspender o uso da plataforma quando a velocidade do vento for superior a 40 km/h.',
    );
    expect(result.markdown).toContain(
      '> Cabe ao empregador:\n>\n> (…)\n>\n> c) suspender o uso da plataforma quando a velocidade do vento for superior a 40 km/h;\n>\n> (…)\n\n— [NR-98',
    );
    expect(result.citations.map((c) => c.item)).toEqual(['98.3.2']);
  });

  it('keeps retrieval’s first item in the answer even when another item has the better sentence', async () => {
    // Retrieval ranks the training item first; the duties item has the sentence about the wind.
    const result = await engine.answer(
      inputFor('qual a velocidade máxima do vento para usar a plataforma?', [
        TRAINING,
        EMPLOYER_DUTIES,
      ]),
    );
    expect(result.citations.map((c) => c.item).sort()).toEqual(['98.3.1', '98.3.2']);
    expect(result.markdown).toContain('superior a 40 km/h');
  });

  it('leads with the regulation retrieval ranked first; an item of another one may only follow', async () => {
    const kept: AnswerSource = {
      ...TRAINING,
      sectionId: 'aaaaaaaa-0000-4000-8000-000000000009',
      item: '98.5.1',
      content: 'Os documentos da plataforma devem ficar à disposição da fiscalização.',
      score: 10,
    };
    const elsewhere: AnswerSource = {
      ...UNRELATED,
      sectionId: 'bbbbbbbb-0000-4000-8000-000000000009',
      item: '97.4.2',
      content: 'Os documentos da armazenagem devem ser arquivados pelo prazo de 5 (cinco) anos.',
      score: 9.6,
    };
    const result = await engine.answer(
      inputFor('Por quanto tempo os documentos ficam arquivados?', [kept, elsewhere]),
    );
    expect(result.markdown.split('\n\n')[0]).toMatch(/^Segundo o item 98\.5\.1 da NR-98/);
    expect(result.citations.map((c) => c.item)).toEqual(['98.5.1', '97.4.2']);
  });

  it('answers from each regulation a question names, however far behind retrieval ranked the second', async () => {
    const renewal: AnswerSource = {
      ...TRAINING,
      sectionId: 'aaaaaaaa-0000-4000-8000-000000000010',
      item: '98.3.4',
      content: 'A reciclagem da capacitação deve ter carga horária mínima de 8 (oito) horas.',
      score: 9,
    };
    const storage: AnswerSource = {
      ...UNRELATED,
      sectionId: 'bbbbbbbb-0000-4000-8000-000000000010',
      item: '97.6.1',
      content:
        'O treinamento dos operadores de empilhadeira do depósito deve ter carga horária mínima de 24 (vinte e quatro) horas.',
      score: 4,
    };
    const results = [TRAINING, renewal, EMPLOYER_DUTIES, GUARDRAIL_ANNEX, storage];
    const both = await engine.answer(
      inputFor('Qual a carga horária mínima dos treinamentos da NR-98 e da NR-97?', results),
    );
    const lead = both.markdown.split('\n\n')[0]!;
    expect(lead).toMatch(/^Segundo o item 98\.3\.1 da NR-98, .*16 \(dezesseis\) horas/);
    expect(lead).toMatch(
      /O item 97\.6\.1 da NR-97 também estabelece que .*24 \(vinte e quatro\) horas/,
    );
    expect(both.citations.map((c) => c.item)).toContain('97.6.1');
    expect(both.citations.length).toBeLessThanOrEqual(4);
    // Naming one of them, the other regulation's far weaker item stays out.
    const one = await engine.answer(
      inputFor('Qual a carga horária mínima dos treinamentos da NR-98?', results),
    );
    expect(one.citations.map((c) => c.code)).not.toContain('NR-97');
  });

  it('leads with an item a little further down that gives the figure asked, when none chosen does', async () => {
    const refresher: AnswerSource = {
      ...TRAINING,
      sectionId: 'aaaaaaaa-0000-4000-8000-000000000040',
      item: '98.8.3',
      content:
        'A carga horária e o conteúdo programático dos treinamentos de reciclagem destinados ao atendimento das alíneas "a", "b" e "c" do item 98.8.2 devem atender as necessidades da situação que o motivou.',
      score: 10,
    };
    const basic: AnswerSource = {
      ...TRAINING,
      sectionId: 'aaaaaaaa-0000-4000-8000-000000000041',
      item: 'Anexo III 1',
      headingPath: 'Anexo III - Treinamento',
      content:
        'CURSO BÁSICO - SEGURANÇA NA PLATAFORMA\nI - Para os operadores autorizados: carga horária mínima - 40h:\nProgramação Mínima:',
      score: 5.5,
    };
    const lead = (question: string) =>
      engine
        .answer(inputFor(question, [refresher, basic]))
        .then((r) => r.markdown.split('\n\n')[0]!);
    // The heading-like line that carries the figure is stated as it stands, without its "I -".
    expect(await lead('Qual a carga horária do treinamento da NR-98?')).toBe(
      'Segundo o item 1 do Anexo III da NR-98 (Treinamento), para os operadores autorizados: carga horária mínima - 40h.',
    );
    // Its title names the words asked, the line below gives the figure: the figure answers.
    expect(await lead('carga horária do curso básico da plataforma')).toBe(
      'Segundo o item 1 do Anexo III da NR-98 (Treinamento), para os operadores autorizados: carga horária mínima - 40h.',
    );
    // Not asked for a figure, retrieval's first item leads.
    expect(await lead('O que a NR-98 diz da reciclagem?')).toMatch(/^Segundo o item 98\.8\.3/);
  });

  it("does not lead with another thing's figure when the first item names what was asked and gives none", async () => {
    // NR-12 (official text, shortened): 12.2.2 sets no figure; Anexo I 1.1 is a light curtain's.
    const between: AnswerSource = {
      ...TRAINING,
      sectionId: 'aaaaaaaa-0000-4000-8000-000000000042',
      item: '98.2.2',
      content:
        'A distância mínima entre máquinas, em conformidade com suas características e aplicações, deve resguardar a segurança dos trabalhadores durante sua operação, manutenção, ajuste, limpeza e inspeção.',
      score: 10,
    };
    const curtain: AnswerSource = {
      ...TRAINING,
      sectionId: 'aaaaaaaa-0000-4000-8000-000000000043',
      item: 'Anexo I 1.1',
      headingPath: 'Anexo I - Distâncias de segurança',
      content:
        'Para cortinas dispostas verticalmente, deve ser usada uma velocidade de aproximação de 2000 mm/s (dois mil milímetros por segundo) se a distância mínima for igual ou menor que 500 mm (quinhentos milímetros).',
      score: 5.9,
    };
    const answer = await engine.answer(
      inputFor('Qual a distância mínima entre máquinas?', [between, curtain]),
    );
    expect(answer.markdown.split('\n\n')[0]).toMatch(
      /^Segundo o item 98\.2\.2 da NR-98, a distância mínima entre máquinas/,
    );
  });

  it('states the rule before its exception for a case the question does not speak of', async () => {
    const rule: AnswerSource = {
      ...TRAINING,
      sectionId: 'aaaaaaaa-0000-4000-8000-000000000020',
      item: '98.7.1',
      content:
        'Na plataforma de trabalho devem existir os seguintes meios de comunicação:\n' +
        'a) rádio portátil para cada operador, com bateria reserva carregada e carregador instalado junto ao posto de comando da plataforma, em local protegido de intempéries e de impactos, de uso exclusivo da equipe, com canal próprio reservado às comunicações de segurança, dimensionado de modo a atender ao número de operadores do turno, durante toda a jornada de trabalho; e\n' +
        'b) rádio portátil reserva para cada operador na base, ligado à rede pública, com lista dos números de emergência afixada ao lado do aparelho, em letras legíveis, e com registro de cada chamada de emergência feita durante a jornada, mantido à disposição da fiscalização e dos trabalhadores e de seus representantes e da comissão interna.',
      score: 7,
    };
    const exception: AnswerSource = {
      ...TRAINING,
      sectionId: 'aaaaaaaa-0000-4000-8000-000000000021',
      item: '98.7.1.1',
      content:
        'Em caso de inviabilidade técnica de uso do rádio portátil, o empregador deve instalar interfone fixo a cada 20 (vinte) metros de plataforma.',
      score: 9,
    };
    const asked = await engine.answer(
      inputFor('O empregador tem que dar rádio portátil pro operador da plataforma?', [
        exception,
        rule,
      ]),
    );
    const lead = asked.markdown.split('\n\n')[0]!;
    // The rule leads, stated by the sub-item that answers though the list is too long to state
    // whole; the exception follows it.
    expect(lead).toMatch(
      /^Segundo o item 98\.7\.1 da NR-98, na plataforma de trabalho devem existir os seguintes meios de comunicação: a\) rádio portátil para cada operador/,
    );
    expect(lead).toMatch(
      /O item 98\.7\.1\.1 da NR-98 também estabelece que em caso de inviabilidade/,
    );
    // Asked about the case itself, the exception answers first.
    const inCase = await engine.answer(
      inputFor(
        'Se houver inviabilidade técnica do rádio portátil, o que o empregador deve fazer?',
        [exception, rule],
      ),
    );
    expect(inCase.markdown.split('\n\n')[0]).toMatch(/^Segundo o item 98\.7\.1\.1 da NR-98/);
    // "Sempre que…," opens a case of its own too.
    const whenever: AnswerSource = {
      ...exception,
      content:
        'Sempre que a plataforma operar em subsolo, o empregador deve instalar interfone fixo a cada 20 (vinte) metros de plataforma.',
    };
    const general = await engine.answer(
      inputFor('O empregador tem que dar rádio portátil pro operador da plataforma?', [
        whenever,
        rule,
      ]),
    );
    expect(general.markdown.split('\n\n')[0]).toMatch(/^Segundo o item 98\.7\.1 da NR-98/);
  });

  it("picks the decisive sentence with the conversation's words, as retrieval read them", async () => {
    const item: AnswerSource = {
      ...TRAINING,
      content:
        'A capacitação deve ser renovada a cada 2 (dois) anos.\n' +
        'O certificado da capacitação deve ser guardado por 5 (cinco) anos.',
    };
    const lead = async (context?: { text: string; weight: number }[]) =>
      (
        await engine.answer({ ...inputFor('E de quanto em quanto tempo?', [item]), context })
      ).markdown.split('\n\n')[0];
    expect(await lead()).toContain('renovada a cada 2 (dois) anos');
    expect(await lead([{ text: 'Quem guarda o certificado?', weight: 0.5 }])).toContain(
      'guardado por 5 (cinco) anos',
    );
  });

  it('cites every chosen item, lists them, and links only to items it was given', async () => {
    const results = [TRAINING, GUARDRAIL_ANNEX, EMPLOYER_DUTIES, UNRELATED];
    const result = await engine.answer(
      inputFor(
        'quais os requisitos da plataforma: capacitação do operador e altura do guarda-corpo?',
        results,
      ),
    );
    const given = new Set(results.map((r) => `${r.regulationId}#${r.item}`));
    const linked = linkedItems(result.markdown);
    expect(linked.length).toBeGreaterThan(0);
    for (const target of linked) expect(given).toContain(target);
    const cited = result.citations.map((c) => `${c.regulationId}#${c.item}`);
    expect(new Set(linked)).toEqual(new Set(cited));
    const list = result.markdown.slice(result.markdown.indexOf('**Itens citados**'));
    for (const c of result.citations)
      expect(list).toContain(`/regulations/${c.regulationId}#${encodeURIComponent(c.item)})`);
    expect(result.citations.map((c) => c.item)).not.toContain('97.1.1');
  });

  it('says what the annex of the lead item is for, once, and not for a glossary or a table', async () => {
    // NR-07, Anexo IV (official heading): an ASO's 6 months hold under hyperbaric conditions only.
    const hyperbaric: AnswerSource = {
      ...GUARDRAIL_ANNEX,
      sectionId: 'aaaaaaaa-0000-4000-8000-000000000030',
      item: 'Anexo IV 1.3',
      effectiveFrom: null,
      headingPath:
        'Anexo IV - Controle Médico Ocupacional de Exposição a Condições Hiperbáricas > 1 TRABALHADOR NA CONSTRUÇÃO CIVIL EXPOSTO A CONDIÇÕES HIPERBÁRICAS',
      content: 'O atestado de aptidão terá validade por 6 (seis) meses.',
    };
    const result = await engine.answer(inputFor('Qual a validade do atestado?', [hyperbaric]));
    expect(result.markdown.split('\n\n')[0]).toBe(
      'Segundo o item 1.3 do Anexo IV da NR-98 (Controle Médico Ocupacional de Exposição a Condições Hiperbáricas), o atestado de aptidão terá validade por 6 (seis) meses.',
    );
    const at = (headingPath: string) => annexTitle({ ...hyperbaric, headingPath });
    expect(at('Anexo I - Glossário')).toBeNull();
    expect(at('Anexo II - Quadros e Figuras Auxiliares > Glossário')).toBeNull();
    // Cut by the PDF mid-parenthesis: no title rather than half of one.
    expect(
      at('Anexo I - Relação da Classificação Nacional de Atividades Econômicas - Cnae (Versão'),
    ).toBeNull();
    expect(at('Anexo XI')).toBeNull();
    // A label with a letter is no title: the answer read "do Anexo 13-A da NR-15 (A)".
    expect(at('Anexo 13-A')).toBeNull();
    expect(at('Anexo (*) - Atividades com Radiações Ionizantes')).toBe(
      'Atividades com Radiações Ionizantes',
    );
    expect(
      at(
        'Anexo V - Controle Médico Ocupacional da Exposição a Substâncias Químicas Cancerígenas e',
      ),
    ).toBeNull();
    expect(at('Anexo I - Lista de Equipamentos de Proteção Individual')).toBeNull();
    expect(at('Anexo 6 - TRABALHO SOB CONDIÇÕES HIPERBÁRICAS')).toBe(
      'Trabalho sob condições hiperbáricas',
    );
    expect(annexTitle({ ...TRAINING })).toBeNull();
  });

  it('encodes annex items in the link and warns about a wording not yet in force', async () => {
    const result = await engine.answer(
      inputFor('qual a altura mínima do guarda-corpo da plataforma?', [
        GUARDRAIL_ANNEX,
        { ...TRAINING, score: GUARDRAIL_ANNEX.score * 0.7 },
      ]),
    );
    // Whoever reads only the first paragraph learns the rule is not in force yet.
    expect(result.markdown.split('\n\n')[0]).toBe(
      'Segundo o item 1.3 do Anexo II da NR-98 (Guarda-corpos), em redação que entra em vigor em 01/01/2031, o guarda-corpo da plataforma deve ter altura mínima de 1,10 m (um metro e dez centímetros), medida a partir do piso.',
    );
    expect(result.markdown).toContain(`— ${link('Anexo%20II%201.3', 'NR-98, Anexo II, item 1.3')}`);
    expect(result.markdown).toContain('**Atenção:** redação em vigor a partir de 01/01/2031.');
    expect(result.markdown.endsWith(DISCLAIMER)).toBe(true);
    expect(result.markdown.split(DISCLAIMER)).toHaveLength(2);
  });

  it('reads a list entry the PDF left on an item of its own without its dash', async () => {
    const entry: AnswerSource = {
      ...GUARDRAIL_ANNEX,
      sectionId: 'aaaaaaaa-0000-4000-8000-000000000031',
      item: 'Anexo 13-A 5.4',
      effectiveFrom: null,
      headingPath: 'Anexo 13-A',
      content:
        '- procedimentos específicos de proteção para o trabalho do menor de dezoito anos, mulheres grávidas ou em período de amamentação.',
    };
    const result = await engine.answer(
      inputFor('mulheres grávidas têm procedimentos específicos de proteção?', [entry]),
    );
    expect(result.markdown.split('\n\n')[0]).toBe(
      'Segundo o item 5.4 do Anexo 13-A da NR-98, procedimentos específicos de proteção para o trabalho do menor de dezoito anos, mulheres grávidas ou em período de amamentação.',
    );
  });

  it('says nothing about dates when the wording is already in force', async () => {
    const later = createExtractiveEngine({ now: () => new Date('2031-01-02T12:00:00-03:00') });
    const result = await later.answer(
      inputFor('altura do guarda-corpo da plataforma', [GUARDRAIL_ANNEX]),
    );
    expect(result.markdown).not.toContain('Atenção');
    expect(result.markdown).not.toContain('entra em vigor');
  });

  it('says first, when retrieval found only a partial match, that the items are the closest, not a match', async () => {
    const question = 'O operador da plataforma pode trabalhar sem o curso se tiver experiência?';
    const input = inputFor(question, [TRAINING, UNRELATED]);
    const partial = await engine.answer({
      ...input,
      retrieval: { ...input.retrieval, partial: true },
    });
    expect(partial.abstained).toBe(false);
    expect(partial.markdown.split('\n\n')[0]).toBe(PARTIAL_NOTICE);
    expect(partial.citations.map((c) => c.item)).toContain('98.3.1');
    const plain = await engine.answer(input);
    expect(plain.markdown).not.toContain(PARTIAL_NOTICE);
    expect(partial.markdown).toBe(`${PARTIAL_NOTICE}\n\n${plain.markdown}`);
  });

  it('abstains with the fixed text and cites nothing when retrieval abstained', async () => {
    const result = await engine.answer(
      inputFor('Qual a largura mínima de escada pela NBR 9077?', [UNRELATED], true),
    );
    expect(result).toEqual({ markdown: ABSTENTION_MARKDOWN, citations: [], abstained: true });
    expect(result.markdown).toContain(
      'A base cobre as 36 Normas Regulamentadoras (NRs) do Ministério do Trabalho e Emprego em vigor.',
    );
    expect(result.markdown).not.toContain('/regulations/');
  });

  it('abstains when there is nothing usable to quote', async () => {
    const empty: AnswerSource = {
      ...TRAINING,
      content: '(Revogado pela Portaria XYZ n.º 1, de 2 de janeiro de 2020)',
    };
    expect((await engine.answer(inputFor('treinamento', [empty]))).abstained).toBe(true);
    expect((await engine.answer(inputFor('treinamento', []))).markdown).toBe(ABSTENTION_MARKDOWN);
  });

  it('streams small chunks right away that add up to the markdown', async () => {
    const chunks: { text: string; at: number }[] = [];
    const start = performance.now();
    const pending = engine.answer(
      inputFor('carga horária da capacitação', [TRAINING, EMPLOYER_DUTIES]),
      {
        onDelta: (text) => chunks.push({ text, at: performance.now() - start }),
      },
    );
    // Emitted before the first await resolves: the first token does not wait for anything.
    expect(chunks.length).toBeGreaterThan(5);
    const result = await pending;
    expect(chunks.map((c) => c.text).join('')).toBe(result.markdown);
    expect(chunks[0]!.at).toBeLessThan(100);
    expect(chunks.length).toBeGreaterThan(result.markdown.length / 60);
  });

  it('answers the same way every time', async () => {
    const input = inputFor('altura do guarda-corpo e capacitação', [
      GUARDRAIL_ANNEX,
      TRAINING,
      EMPLOYER_DUTIES,
    ]);
    expect((await engine.answer(input)).markdown).toBe((await engine.answer(input)).markdown);
  });

  it('gives up with ANSWER_TIMEOUT when the caller already aborted', async () => {
    await expect(
      engine.answer(inputFor('treinamento', [TRAINING]), { signal: AbortSignal.abort() }),
    ).rejects.toMatchObject({ code: 'ANSWER_TIMEOUT' });
  });
});
