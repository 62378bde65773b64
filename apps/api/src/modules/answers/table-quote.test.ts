import { describe, expect, it } from 'vitest';
import { composeExtractiveAnswer } from './extractive.engine';
import { buildRelevance, splitUnits } from './passages';
import { quoteTable } from './table-quote';

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
