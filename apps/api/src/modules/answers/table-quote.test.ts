import { describe, expect, it } from 'vitest';
import { composeExtractiveAnswer } from './extractive.engine';
import { buildRelevance, splitUnits } from './passages';
import { NOISE_TABLE } from './answers.fixtures';
import { cellRange, quoteTable } from './table-quote';

const ANEXO = [
  '| Códigos | Denominação | GR |',
  '| --- | --- | --- |',
  '| 41 | CONSTRUÇÃO DE EDIFÍCIOS |   |',
  '| 41.20-4 | Construção de edifícios | 3 |',
  '| 42.11-1 | Construção de rodovias e ferrovias | 4 |',
  '| 47.11-3 | Comércio varejista de mercadorias em geral | 2 |',
  '| 86.10-1 | Atividades de atendimento hospitalar | 3 |',
].join('\n');
const QUESTION = 'qual o grau de risco de uma empresa de construção de edifícios?';

/** The markdown of the extractive answer when retrieval found one item, `content`, and nothing else. */
function answerFromItem(question: string, code: string, item: string, content: string): string {
  return composeExtractiveAnswer(
    {
      question,
      retrieval: {
        abstained: false,
        confidence: 1,
        results: [
          {
            sectionId: 's1',
            regulationId: `r-${code}`,
            code,
            item,
            number: 1,
            headingPath: '',
            content,
            score: 10,
            effectiveFrom: null,
          },
        ],
      },
    },
    '2026-11-28',
  ).markdown;
}

describe('quoting a table item', () => {
  it('keeps the header and the rows that match the question, as a markdown table', () => {
    const quote = quoteTable(ANEXO, buildRelevance(QUESTION, splitUnits(ANEXO)));
    expect(quote?.table).toBe(
      [
        '| Códigos | Denominação | GR |',
        '| --- | --- | --- |',
        '| 41 | CONSTRUÇÃO DE EDIFÍCIOS | |',
        '| 41.20-4 | Construção de edifícios | 3 |',
        '| 42.11-1 | Construção de rodovias e ferrovias | 4 |',
      ].join('\n'),
    );
    expect(quote?.tableRowsLeftOut).toBe(2);
  });

  it('is not a table quote when the content has no markdown table', () => {
    const text = 'Texto | com barra, mas sem cabeçalho de tabela.';
    expect(quoteTable(text, buildRelevance('barra', splitUnits(text)))).toBeNull();
  });

  it('an answer resting on a table item shows the rows as a table, cited', () => {
    const result = composeExtractiveAnswer(
      {
        question: QUESTION,
        retrieval: {
          abstained: false,
          confidence: 0.9,
          results: [
            {
              sectionId: 's1',
              regulationId: 'r04',
              code: 'NR-04',
              item: 'Anexo I',
              headingPath: 'Anexo I - Relação da CNAE',
              content: ANEXO,
              score: 10,
            },
          ],
        },
      },
      '2026-11-25',
    );
    expect(result.abstained).toBe(false);
    expect(result.markdown).toContain(
      '| 42.11-1 | Construção de rodovias e ferrovias | 4 |\n\n(… outras 2 linhas na tabela)',
    );
    expect(result.markdown).toContain('[NR-04, Anexo I](/regulations/r04#Anexo%20I)');
    expect(result.citations).toEqual([
      { regulationId: 'r04', sectionId: 's1', code: 'NR-04', item: 'Anexo I' },
    ]);
  });
});

// NR-33, Anexo III, item 1.2 and its Quadro 1 (official text, the last column shortened).
const TRAINING = [
  'A carga horária da parte prática do treinamento inicial e periódico dos supervisores de entrada, vigias, trabalhadores autorizados e equipe de emergência e salvamento deve ser de, no mínimo, 50% (cinquenta por cento) da carga horária prevista no Quadro 1 deste Anexo.',
  'QUADRO 1',
  '',
  '| Capacitação | Treinamento inicial (carga horária) | Treinamento periódico (carga horária/periodicidade) | Treinamento eventual |',
  '| --- | --- | --- | --- |',
  '| Supervisor de entrada | 40 horas | 8 horas/anual | Conforme previsto na NR-01 |',
  '| Vigia e trabalhador autorizado | 16 horas | 8 horas/anual | Conforme previsto na NR-01 |',
].join('\n');

describe('a row of the table an item states its rule in', () => {
  const answer = (question: string) => answerFromItem(question, 'NR-33', 'Anexo III 1.2', TRAINING);

  it('states the row the question picks out in the lead, and quotes it under the rule', () => {
    const markdown = answer('Qual a carga horária do treinamento do vigia?');
    const [lead] = markdown.split('\n\n');
    expect(lead).toBe(
      'Segundo o item 1.2 do Anexo III da NR-33, no Quadro 1, Vigia e trabalhador autorizado — Treinamento inicial (carga horária): 16 horas; Treinamento periódico (carga horária/periodicidade): 8 horas/anual.',
    );
    expect(markdown).toContain(
      '> A carga horária da parte prática do treinamento inicial e periódico dos supervisores de entrada',
    );
    // The whole row, the column without a figure too, shows in the table below.
    expect(markdown).toContain(
      '| Vigia e trabalhador autorizado | 16 horas | 8 horas/anual | Conforme previsto na NR-01 |',
    );
    expect(markdown).not.toContain('| Supervisor de entrada |');
  });

  it('keeps to the rule when no single row is asked for', () => {
    const [lead] = answer('Qual a carga horária da parte prática do treinamento?').split('\n\n');
    expect(lead).toContain('50% (cinquenta por cento) da carga horária prevista no Quadro 1');
    expect(lead).not.toContain('16 horas');
  });

  it('reads a figure the table writes in capitals ("60 MINUTOS") as a figure', () => {
    // NR-36, item 36.13.2 and its Quadro 1 (official text, the rule shortened).
    const PAUSES = [
      'Para os trabalhadores que desenvolvem atividades exercidas diretamente no processo produtivo devem ser asseguradas pausas psicofisiológicas distribuídas, no mínimo, de acordo com o seguinte quadro 1:',
      'QUADRO 1',
      '',
      '| JORNADA DE TRABALHO | Tempo de tolerância para aplicação da pausa | TEMPO DE PAUSA |',
      '| --- | --- | --- |',
      '| até 6h | Até 6h20 | 20 MINUTOS |',
      '| até 7h20 | Até 7h40 | 45 MINUTOS |',
      '| até 8h48 | Até 9h10 | 60 MINUTOS |',
    ].join('\n');
    const [lead] = answerFromItem(
      'Com jornada de 8h48, quantos minutos de pausa por dia o pessoal tem que ter?',
      'NR-36',
      '36.13.2',
      PAUSES,
    ).split('\n\n');
    expect(lead).toMatch(
      /^Segundo o item 36\.13\.2 da NR-36, .*no Quadro 1, até 8h48 — TEMPO DE PAUSA: 60 MINUTOS\.$/,
    );
  });
});

// NR-10, Anexo II (official text, the first rows).
const ZONES = [
  'Tabela de raios de delimitação de zonas de risco, controlada e livre.',
  '',
  '| Faixa de tensão Nominal da instalação elétrica em kV | Rr - Raio de delimitação entre zona de risco e controlada em metros | Rc - Raio de delimitação entre zona controlada e livre em metros |',
  '| --- | --- | --- |',
  '| <1 | 0,20 | 0,70 |',
  '| ≥1 e <3 | 0,22 | 1,22 |',
  '| ≥6 e <10 | 0,35 | 1,35 |',
  '| ≥10 e <15 | 0,38 | 1,38 |',
  '| ≥15 e <20 | 0,40 | 1,40 |',
].join('\n');

describe('a row picked by the range that holds the quantity the question gives', () => {
  const lead = (question: string) =>
    answerFromItem(question, 'NR-10', 'Anexo II', ZONES).split('\n\n');

  it('states the row whose range holds the value, though it shares no word with the question', () => {
    const [first, , table] = lead(
      'Rede de 13,8 kV: qual o raio da zona de risco e da zona controlada?',
    );
    expect(first).toBe(
      'Segundo o Anexo II da NR-10, na tabela, Faixa de tensão Nominal da instalação elétrica em kV ≥10 e \\<15 — Rr - Raio de delimitação entre zona de risco e controlada em metros: 0,38; Rc - Raio de delimitação entre zona controlada e livre em metros: 1,38.',
    );
    expect(table).toContain('| ≥10 e <15 | 0,38 | 1,38 |');
    expect(table).not.toContain('| ≥15 e <20 |');
  });

  it('does not take the number of a regulation or an item for a quantity', () => {
    const [first] = lead('O que o Anexo II da NR-10 diz do raio da zona controlada?');
    expect(first).not.toMatch(/≥10 e/);
  });

  it('states the row of a scale of single values the question names, from a table alone', () => {
    const [first, table] = answerFromItem(
      'Quanto tempo por dia pode ficar exposto a 90 dB(A) pela NR-15?',
      'NR-15',
      'Anexo 1',
      NOISE_TABLE,
    ).split('\n\n');
    expect(first).toBe(
      'Segundo o Anexo 1 da NR-15, na tabela, NÍVEL DE RUÍDO dB (A) 90 — MÁXIMA EXPOSIÇÃO DIÁRIA PERMISSÍVEL: 4 horas.',
    );
    expect(table).toContain('| 90 | 4 horas |');
    expect(table).not.toContain('| 89 |');
  });

  it('states the row whose other column gives the quantity the question gives as its case', () => {
    const [first] = answerFromItem(
      'Qual o limite de tolerância para ruído de 8 horas?',
      'NR-15',
      'Anexo 1',
      NOISE_TABLE,
    ).split('\n\n');
    expect(first).toBe(
      'Segundo o Anexo 1 da NR-15, na tabela, NÍVEL DE RUÍDO dB (A) 85 — MÁXIMA EXPOSIÇÃO DIÁRIA PERMISSÍVEL: 8 horas.',
    );
    // A figure the question proposes as its answer ("a cada 8 horas?") picks no row.
    const relevance = buildRelevance('a pausa é a cada 8 horas?', splitUnits(NOISE_TABLE));
    expect(quoteTable(NOISE_TABLE, relevance)?.byValue).toBeUndefined();
  });

  it('reads the ranges tables write', () => {
    expect(cellRange('≥10 e <15')).toEqual({ low: 10, lowIn: true, high: 15, highIn: false });
    expect(cellRange('<1')).toEqual({ low: -Infinity, lowIn: false, high: 1, highIn: false });
    expect(cellRange('20 a 29')).toEqual({ low: 20, lowIn: true, high: 29, highIn: true });
    expect(cellRange('até 50')).toMatchObject({ high: 50, highIn: true });
    expect(cellRange('acima de 1.000')).toMatchObject({ low: 1000, lowIn: false });
    // NR-16's distances: "mais de 4.500 até 45.000", "até 225.000*" with its footnote mark.
    expect(cellRange('mais de 4.500 até 45.000')).toEqual({
      low: 4500,
      lowIn: false,
      high: 45000,
      highIn: true,
    });
    expect(cellRange('mais de 90.000 até 225.000*')).toMatchObject({ high: 225000 });
    expect(cellRange('Supervisor de entrada')).toBeNull();
  });
});
