import type { AnswerInput, AnswerSource } from './answer-engine';

/**
 * Invented sections in the style of the NRs (a fictional "NR-98" on elevating platforms), so the
 * tests do not depend on the imported corpus nor quote it.
 */
export const PLATFORM_REGULATION_ID = '11111111-1111-4111-8111-111111111111';
export const OTHER_REGULATION_ID = '22222222-2222-4222-8222-222222222222';

export const TRAINING: AnswerSource = {
  sectionId: 'aaaaaaaa-0000-4000-8000-000000000001',
  regulationId: PLATFORM_REGULATION_ID,
  code: 'NR-98',
  item: '98.3.1',
  number: 12,
  headingPath: '98.3 CAPACITAÇÃO DOS OPERADORES',
  content:
    'O operador de plataforma elevatória deve ser capacitado pelo empregador antes de iniciar a atividade. (Alterado pela Portaria XYZ n.º 123, de 1º de março de 2024)\n' +
    'A capacitação deve ter carga horária mínima de 16 (dezesseis) horas e ser renovada a cada 2 (dois) anos.\n' +
    'O certificado da capacitação fica à disposição da fiscalização no estabelecimento.',
  score: 9.5,
  effectiveFrom: null,
};

export const EMPLOYER_DUTIES: AnswerSource = {
  sectionId: 'aaaaaaaa-0000-4000-8000-000000000002',
  regulationId: PLATFORM_REGULATION_ID,
  code: 'NR-98',
  item: '98.3.2',
  number: 13,
  headingPath: '98.3 CAPACITAÇÃO DOS OPERADORES',
  content:
    'Cabe ao empregador:\n' +
    'a) manter registro da capacitação de cada operador;\n' +
    'b) garantir que a plataforma seja inspecionada diariamente, antes do uso, por pessoa designada;\n' +
    'c) suspender o uso da plataforma quando a velocidade do vento for superior a 40 km/h;\n' +
    'd) disponibilizar o manual do fabricante em língua portuguesa junto ao equipamento; e\n' +
    'e) assegurar que a manutenção seja feita por profissional legalmente habilitado, com registro no livro próprio.',
  score: 7.1,
  effectiveFrom: null,
};

export const GUARDRAIL_ANNEX: AnswerSource = {
  sectionId: 'aaaaaaaa-0000-4000-8000-000000000003',
  regulationId: PLATFORM_REGULATION_ID,
  code: 'NR-98',
  item: 'Anexo II 1.3',
  number: 40,
  headingPath: 'Anexo II - Guarda-corpos > 1 Requisitos',
  content:
    'O guarda-corpo da plataforma deve ter altura mínima de 1,10 m (um metro e dez centímetros), medida a partir do piso.',
  score: 8.2,
  effectiveFrom: '2031-01-01',
};

export const UNRELATED: AnswerSource = {
  sectionId: 'bbbbbbbb-0000-4000-8000-000000000001',
  regulationId: OTHER_REGULATION_ID,
  code: 'NR-97',
  item: '97.1.1',
  number: 1,
  headingPath: '97.1 Objetivo',
  content: 'Esta Norma estabelece requisitos para a armazenagem de sacarias em depósitos.',
  score: 1.2,
  effectiveFrom: null,
};

export function inputFor(
  question: string,
  results: AnswerSource[],
  abstained = false,
): AnswerInput {
  return { question, retrieval: { abstained, confidence: abstained ? 0.1 : 0.8, results } };
}

/** An item of a real NR, for the tests that pin the lead on the official text. */
export function officialSection(
  regulationId: string,
  code: string,
  item: string,
  content: string,
  score: number,
): AnswerSource {
  return {
    sectionId: `${code}-${item}`,
    regulationId,
    code,
    item,
    number: 1,
    headingPath: '',
    content,
    score,
    effectiveFrom: null,
  };
}

/** NR-15 Anexo 1's noise table as imported (official text, its first rows). */
export const NOISE_TABLE = [
  '| NÍVEL DE RUÍDO dB (A) | MÁXIMA EXPOSIÇÃO DIÁRIA PERMISSÍVEL |',
  '| --- | --- |',
  '| 85 | 8 horas |',
  '| 86 | 7 horas |',
  '| 87 | 6 horas |',
  '| 88 | 5 horas |',
  '| 89 | 4 horas e 30 minutos |',
  '| 90 | 4 horas |',
  '| 91 | 3 horas e 30 minutos |',
  '| 92 | 3 horas |',
].join('\n');
