import type { AnswerRegulation, QuestionAnswerResponse } from '@normas/contracts/questions';

export function makeAnswerRegulation(overrides: Partial<AnswerRegulation> = {}): AnswerRegulation {
  return {
    id: 'reg-35',
    code: 'NR-35',
    title: 'Trabalho em Altura',
    authority: 'Ministério do Trabalho e Emprego',
    issuedDate: '2012-03-23',
    revisedDate: '2023-09-04',
    status: 'vigente',
    description: 'Requisitos mínimos e medidas de proteção para o trabalho em altura.',
    sections: [
      {
        id: 'sec-3',
        number: 3,
        item: '35.2.1',
        headingPath: '35.2 Responsabilidades',
        content: '35.2.1 Cabe ao empregador: a) garantir a implementação das medidas de proteção;',
        effectiveFrom: null,
      },
    ],
    ...overrides,
  };
}

export function makeAnswer(
  overrides: Partial<QuestionAnswerResponse> = {},
): QuestionAnswerResponse {
  return {
    aiResponse:
      'Cabe ao empregador garantir as medidas de proteção ([NR-35, item 35.2.1](/regulations/reg-35#35.2.1)).',
    chatKey: 'key-abc',
    data: [makeAnswerRegulation()],
    abstained: false,
    historyId: 'hist-1',
    usage: { used: 1, max: 3 },
    ...overrides,
  };
}
