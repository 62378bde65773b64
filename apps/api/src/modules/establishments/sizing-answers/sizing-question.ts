/**
 * Whether a question asks for a sizing (CIPA members, SESMT professionals, grau de risco of a CNAE)
 * and the facts it gives: employees, grau de risco, CNAE. Questions about rules that merely mention
 * the CIPA ("qual o mandato dos membros da CIPA?") are not sizing questions.
 */
import type { SesmtRole } from '@normas/contracts/establishments';
import { normalizeCnae } from '@normas/contracts/establishments';

export type SizingTopic = 'cipa' | 'sesmt' | 'grau';

export interface SizingQuestion {
  topics: SizingTopic[];
  /** The SESMT professional asked about ("quantos técnicos de segurança…"). */
  role: SesmtRole | null;
  employees: number | null;
  degree: number | null;
  /** CNAE subclass (7 digits) or class (5 digits) as given. */
  cnae: string | null;
  /** "minha empresa", "nosso estabelecimento": the user's own establishment is meant. */
  own: boolean;
  /**
   * "A partir de quantos empregados a CIPA é obrigatória?": the table's first column with members,
   * per grau de risco, not one establishment's sizing.
   */
  threshold: boolean;
}

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

const MEMBERS =
  /\bquant[oa]s\s+(?:\w+\s+){0,2}(membros|integrantes|representantes|titulares|suplentes|efetivos|cipeiros|pessoas|profissionais|tecnicos|engenheiros|medicos|enfermeiros|auxiliares)\b/;
/** "preciso de SESMT", "é obrigada a ter CIPA", "devo constituir a CIPA", "CIPA é obrigatória". */
const OBLIGATION =
  /\b(precis\w*|dev\w*|obrigad[oa]s?|tenho que|temos que|tem que|exige|exigem)\s+(?:\w+\s+){0,2}?(ter|de|constituir|manter|montar|criar|formar|implantar|possuir|contratar)\s+(?:uma?\s+|o\s+|a\s+|os\s+|as\s+)?(cipa|sesmt|tecnic|engenheir|medic|enfermeir)|\b(cipa|sesmt)\b.{0,25}\bobrigatori[oa]\b|\bobrigatori[oa]\b.{0,25}\b(cipa|sesmt)\b/;
const SIZING_WORD = /\b(dimensionamento|dimensionar|composicao|tamanho|quantidade)\b/;
/** Thresholds in general ("a partir de quantos empregados…") are the table's first column, not a profile's. */
const THRESHOLD =
  /\b(a partir de|com) quant[oa]s\b|\bminimo de (empregados|funcionarios|trabalhadores)\b/;

const ROLES: [SesmtRole, RegExp][] = [
  ['tecnico_seguranca', /\btecnicos?\s+(de\s+|em\s+)?seguranca\b/],
  ['engenheiro_seguranca', /\bengenheir[oa]s?\b/],
  ['auxiliar_tecnico_enfermagem', /\b(auxiliar|auxiliares|tecnicos?)\s+(de\s+|em\s+)?enfermagem\b/],
  ['enfermeiro', /\benfermeir[oa]s?\b/],
  ['medico', /\bmedic[oa]s?\b/],
];

const EMPLOYEES =
  /(\d{1,3}(?:\.\d{3})+|\d+)\s*(?:mil\s+)?(empregad[oa]s|funcionari[oa]s|trabalhador(?:es|as)|colaborador(?:es|as)|pessoas|vidas)\b/;
const DEGREE =
  /\bgrau\s+(?:de\s+risco\s+)?(?:n[o.º°]?\s*)?([1-4])\b|\bgr\s*([1-4])\b|\brisco\s+([1-4])\b/;
const CNAE = /\b(\d{2}\.?\d{2}-?\d(?:[/-]?\d{2})?)\b/;
const OWN =
  /\b(minha|nossa|meu|nosso)\s+(empresa|estabelecimento|organizacao|obra|loja|fabrica|unidade|filial|companhia|negocio)\b/;

/** The sizing a question asks for, or null when it asks something else. */
export function parseSizingQuestion(question: string): SizingQuestion | null {
  const q = fold(question);
  const cipa = /\bcipa\b/.test(q);
  const sesmt =
    /\bsesmt\b/.test(q) || /\bservicos? especializados? em (engenharia de )?seguranca\b/.test(q);
  const role = ROLES.find(([, re]) => re.test(q))?.[0] ?? null;
  const members = MEMBERS.test(q);
  const obliged = OBLIGATION.test(q);
  const intent = members || obliged || SIZING_WORD.test(q);
  const grauAsked = /\b(qual|quais)\b.{0,20}\bgrau de risco\b/.test(q) && CNAE.test(q);
  if (THRESHOLD.test(q) && !EMPLOYEES.test(q)) {
    const asked: SizingTopic[] = [];
    if (cipa) asked.push('cipa');
    if (sesmt) asked.push('sesmt');
    return asked.length === 0
      ? null
      : {
          topics: asked,
          role: null,
          employees: null,
          degree: null,
          cnae: null,
          own: false,
          threshold: true,
        };
  }

  const topics: SizingTopic[] = [];
  if (cipa && intent) topics.push('cipa');
  if ((sesmt && intent) || (role && (members || obliged) && !cipa)) topics.push('sesmt');
  if (topics.length === 0 && grauAsked) topics.push('grau');
  if (topics.length === 0) return null;

  const employeesMatch = EMPLOYEES.exec(q);
  let employees: number | null = null;
  if (employeesMatch) {
    const base = Number(employeesMatch[1]!.replace(/\./g, ''));
    employees = /\bmil\s/.test(employeesMatch[0]) ? base * 1000 : base;
  }
  const degreeMatch = DEGREE.exec(q);
  const degree = degreeMatch ? Number(degreeMatch[1] ?? degreeMatch[2] ?? degreeMatch[3]) : null;
  const cnaeMatch = CNAE.exec(q.replace(EMPLOYEES, ' '));
  let cnae: string | null = null;
  if (cnaeMatch) {
    const digits = cnaeMatch[1]!.replace(/\D/g, '');
    cnae = normalizeCnae(digits) ?? (digits.length === 5 ? digits : null);
  }
  return {
    topics,
    role: topics.includes('sesmt') ? role : null,
    employees: employees && employees > 0 ? employees : null,
    degree,
    cnae,
    own: OWN.test(q),
    threshold: false,
  };
}
