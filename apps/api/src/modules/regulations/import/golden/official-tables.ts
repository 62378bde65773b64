/**
 * The sizing tables exactly as printed in the official PDFs of this edition, typed from the pages
 * (NR-04 pp. 30–31, NR-05 p. 11) and checked cell by cell against them. Golden data for the table
 * parser and for the sizing computed from it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, SHIPPED_CORPUS_DIR } from '../../../../config';
import { extractDocument } from '../extract-text';
import { parseRegulation, type ParsedRegulation } from '../../parse/parse-regulation';

/** NR-04 Anexo II: columns of employees, then one row per grau and professional. */
export const SESMT_COLUMNS = [
  '50 a 100',
  '101 a 250',
  '251 a 500',
  '501 a 1.000',
  '1.001 a 2.000',
  '2.001 a 3.500',
  '3.501 a 5.000',
  'Acima de 5.000 Para cada grupo De 4.000 ou fração acima 2.000**',
];
export const SESMT_PROFESSIONALS = [
  'Técnico Seg. Trabalho',
  'Engenheiro Seg. Trabalho',
  'Aux./Tec. Enferm. do Trabalho',
  'Enfermeiro do Trabalho',
  'Médico do Trabalho',
];
/** grau → professional (in SESMT_PROFESSIONALS order) → cells in SESMT_COLUMNS order. */
export const SESMT_PRINTED: Record<number, string[][]> = {
  1: [
    ['', '', '', '1', '1', '1', '2', '1'],
    ['', '', '', '', '', '1*', '1', '1*'],
    ['', '', '', '', '', '1***', '1', '1'],
    ['', '', '', '', '', '', '1*', ''],
    ['', '', '', '', '1*', '1*', '1', '1*'],
  ],
  2: [
    ['', '', '', '1', '1', '2', '5', '1'],
    ['', '', '', '', '1*', '1', '1', '1*'],
    ['', '', '', '', '1***', '1***', '1', '1'],
    ['', '', '', '', '', '', '1', ''],
    ['', '', '', '', '1*', '1', '1', '1'],
  ],
  3: [
    ['', '1', '2', '3', '4', '6', '8', '3'],
    ['', '', '', '1*', '1', '1', '2', '1'],
    ['', '', '', '', '1***', '1', '1', '1'],
    ['', '', '', '', '', '1', '1', ''],
    ['', '', '', '1*', '1', '1', '2', '1'],
  ],
  4: [
    ['1', '2', '3', '4', '5', '8', '10', '3'],
    ['', '1*', '1*', '1', '1', '2', '3', '1'],
    ['', '', '', '1***', '1***', '1', '1', '1'],
    ['', '', '', '', '', '1', '1', ''],
    ['', '1*', '1*', '1', '1', '2', '3', '1'],
  ],
};
export const SESMT_FOOTNOTES = [
  '(*) Tempo parcial (mínimo de três horas)',
  '(**) O dimensionamento total deverá ser feito levando-se em consideração o dimensionamento da faixa de 3.501 a 5.000, acrescido do dimensionamento do(s) grupo(s) de 4.000 ou fração acima de 2.000.',
  '(***) O empregador pode optar pela contratação de um enfermeiro do trabalho em tempo parcial, em substituição ao auxiliar ou técnico de enfermagem do trabalho.',
  'OBSERVAÇÕES:',
  'A) hospitais, ambulatórios, maternidades, casas de saúde e repouso, clínicas e estabelecimentos similares deverão contratar um enfermeiro do trabalho em tempo integral quando possuírem mais de quinhentos trabalhadores; e',
  'B) em virtude das características das atribuições do SESMT, não se faz necessária a supervisão do técnico de enfermagem do trabalho por enfermeiro do trabalho, salvo quando a atividade for executada em hospitais, ambulatórios, maternidades, casas de saúde e repouso, clínicas e estabelecimentos similares.',
];

/** NR-05 Quadro I. */
export const CIPA_COLUMNS = [
  '0 a 19',
  '20 a 29',
  '30 a 50',
  '51 a 80',
  '81 a 100',
  '101 a 120',
  '121 a 140',
  '141 a 300',
  '301 a 500',
  '501 a 1000',
  '1001 a 2500',
  '2501 a 5000',
  '5001 a 10.000',
  'Acima de 10.000 para cada grupo de 2500 acrescentar',
];
/** grau → [efetivos, suplentes] → cells in CIPA_COLUMNS order. */
export const CIPA_PRINTED: Record<number, [string[], string[]]> = {
  1: [
    ['', '', '', '', '1', '1', '1', '1', '2', '4', '5', '6', '8', '1'],
    ['', '', '', '', '1', '1', '1', '1', '2', '3', '4', '5', '6', '1'],
  ],
  2: [
    ['', '', '', '1', '1', '2', '2', '3', '4', '5', '6', '8', '10', '1'],
    ['', '', '', '1', '1', '1', '1', '2', '3', '4', '5', '6', '8', '1'],
  ],
  3: [
    ['', '1', '1', '2', '2', '2', '3', '4', '5', '6', '8', '10', '12', '2'],
    ['', '1', '1', '1', '1', '1', '2', '2', '4', '4', '6', '8', '8', '2'],
  ],
  4: [
    ['', '1', '2', '3', '3', '4', '4', '4', '5', '6', '9', '11', '13', '2'],
    ['', '1', '1', '2', '2', '2', '2', '3', '4', '5', '7', '8', '10', '2'],
  ],
};

/** The official PDFs shipped in corpus/; NORMAS_CORPUS_DIR points elsewhere if needed. */
export const CORPUS_DIR = process.env.NORMAS_CORPUS_DIR
  ? path.resolve(REPO_ROOT, process.env.NORMAS_CORPUS_DIR)
  : SHIPPED_CORPUS_DIR;

/** Parses one official PDF of the corpus the way the importer does. */
export async function parseOfficial(file: string): Promise<ParsedRegulation> {
  const full = path.join(CORPUS_DIR, file);
  if (!fs.existsSync(full))
    throw new Error(`PDF oficial não encontrado em ${full}: defina NORMAS_CORPUS_DIR.`);
  const document = await extractDocument(file, new Uint8Array(fs.readFileSync(full)));
  return parseRegulation(document.text, file, document.tables);
}

/** NR-04 Anexo I as the independent extraction in nr-04-anexo-i.tsv gives it: class → grau. */
export function anexoIGolden(): [string, number][] {
  return fs
    .readFileSync(path.join(import.meta.dirname, 'nr-04-anexo-i.tsv'), 'utf8')
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => {
      const [code, grau] = l.split('\t');
      return [code!, Number(grau)];
    });
}
