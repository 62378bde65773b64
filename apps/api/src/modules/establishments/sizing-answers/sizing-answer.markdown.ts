/**
 * The markdown of a computed sizing answer: the result first, then where the numbers came from
 * (question or profile), the part of each table read, the notes that depend on facts not given,
 * and the items cited.
 */
import { type RiskDegree, type SesmtRole, type Sizing } from '@normas/contracts/establishments';
import { stubColumns, tableSliceMarkdown } from '../../regulations/tables/table-grid';
import type { SizingTables } from '../sizing/sizing';
import { cnaeRow, degreeRows, type SourceTable } from '../sizing/sizing-tables';

export const SIZING_DISCLAIMER =
  '_Cálculo feito com as tabelas das NRs citadas; confira as observações acima antes de agir._';

const thousands = (n: number) => n.toLocaleString('pt-BR');

/** Where the facts of the computation came from, said once under the result. */
export interface SizingFacts {
  degree: number;
  employees: number;
  riskDegree: RiskDegree | null;
  /** The active profile used, when any fact came from it. */
  profile: { name: string; usedFor: string[] } | null;
}

export function tableLink(table: SourceTable): string {
  const label = `${table.code}, ${table.label}`;
  return `[${label}](/regulations/${table.regulationId}#${encodeURIComponent(table.item)})`;
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

const ROLE_NAMES: Record<SesmtRole, [string, string]> = {
  tecnico_seguranca: ['técnico de segurança do trabalho', 'técnicos de segurança do trabalho'],
  engenheiro_seguranca: [
    'engenheiro de segurança do trabalho',
    'engenheiros de segurança do trabalho',
  ],
  auxiliar_tecnico_enfermagem: [
    'auxiliar/técnico de enfermagem do trabalho',
    'auxiliares/técnicos de enfermagem do trabalho',
  ],
  enfermeiro: ['enfermeiro do trabalho', 'enfermeiros do trabalho'],
  medico: ['médico do trabalho', 'médicos do trabalho'],
};

function professionalsText(sesmt: Sizing['sesmt']): string {
  const parts = sesmt.professionals.map((p) => {
    const [one, many] = ROLE_NAMES[p.role];
    return `${plural(p.count, one, many)}${p.partTime ? ' em tempo parcial' : ''}`;
  });
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} e ${parts.at(-1)}`;
}

function establishmentText(facts: SizingFacts): string {
  return `um estabelecimento de grau de risco ${facts.degree} com ${thousands(facts.employees)} ${facts.employees === 1 ? 'empregado' : 'empregados'}`;
}

export function cipaLead(sizing: Sizing, facts: SizingFacts, tables: SizingTables): string {
  const { cipa } = sizing;
  const table = `${tables.cipa.table.label} da ${tables.cipa.table.code}`;
  if (cipa.designated)
    return `**Não é preciso constituir CIPA:** pelo ${table}, ${establishmentText(facts)} fica abaixo do dimensionamento, e a organização deve **nomear um representante** entre seus empregados para cumprir os objetivos da NR-05 (item 5.4.13), salvo se o estabelecimento for atendido por SESMT.`;
  return `**A CIPA deve ter ${plural(cipa.efetivos!, 'membro efetivo', 'membros efetivos')} e ${plural(cipa.suplentes!, 'suplente', 'suplentes')}:** é o que indica o ${table} para ${establishmentText(facts)}.`;
}

export function sesmtLead(
  sizing: Sizing,
  facts: SizingFacts,
  tables: SizingTables,
  role: SesmtRole | null,
): string {
  const { sesmt } = sizing;
  const table = `${tables.sesmt.table.label} da ${tables.sesmt.table.code}`;
  if (!sesmt.required)
    return `**Não é obrigatório constituir SESMT próprio:** pelo ${table}, ${establishmentText(facts)} não precisa de profissionais do SESMT.`;
  if (role) {
    const entries = sesmt.professionals.filter((p) => p.role === role);
    const [one, many] = ROLE_NAMES[role];
    const count = entries.reduce((n, p) => n + p.count, 0);
    const head =
      count === 0
        ? `**Nenhum ${one}:** o ${table} não exige ${one} para ${establishmentText(facts)}`
        : `**${plural(count, one, many)}${entries.every((p) => p.partTime) ? ' em tempo parcial' : ''}:** é o que o ${table} exige para ${establishmentText(facts)}`;
    return `${head}. O SESMT completo: ${professionalsText(sesmt)}.`;
  }
  return `**É obrigatório constituir SESMT:** pelo ${table}, ${establishmentText(facts)} precisa de ${professionalsText(sesmt)}.`;
}

function factsLine(facts: SizingFacts): string {
  const degree = facts.riskDegree
    ? `grau de risco ${facts.degree} (CNAE ${facts.riskDegree.cnaeClass} – ${facts.riskDegree.description}, NR-04 Anexo I)`
    : `grau de risco ${facts.degree}`;
  const base = `Dados usados: ${degree} e ${thousands(facts.employees)} empregados`;
  if (!facts.profile) return `${base}, conforme a pergunta.`;
  return `${base}; ${facts.profile.usedFor.join(' e ')} do seu perfil ativo **${escape(facts.profile.name)}** ([Minha empresa](/minha-empresa)).`;
}

function escape(text: string): string {
  return text.replace(/([\\`*_[\]<>])/g, '\\$1');
}

function cipaTable(sizing: Sizing, facts: SizingFacts, tables: SizingTables): string {
  const { table, model } = tables.cipa;
  const stub = stubColumns(table.grid);
  const columns = [...Array(stub).keys()];
  const range = model.ranges.find(
    (r) => facts.employees >= r.min && facts.employees <= (r.max ?? Infinity),
  );
  columns.push(range ? range.column : model.ranges.at(-1)!.column);
  if (!range && facts.employees > model.above.above) columns.push(model.above.column);
  if (facts.employees < model.ranges[0]!.min) columns.splice(stub);
  return (
    tableSliceMarkdown(table.grid, degreeRows(table.grid, facts.degree), columns) +
    `\n\n— ${tableLink(table)}${sizing.cipa.source.cell ? ` (${sizing.cipa.source.cell})` : ''}`
  );
}

function sesmtTable(sizing: Sizing, facts: SizingFacts, tables: SizingTables): string {
  const { table, model } = tables.sesmt;
  const stub = stubColumns(table.grid);
  const columns = [...Array(stub).keys()];
  if (facts.employees >= model.ranges[0]!.min) {
    const range = model.ranges.find(
      (r) => facts.employees >= r.min && facts.employees <= (r.max ?? Infinity),
    );
    columns.push(range ? range.column : model.ranges.at(-1)!.column);
    if (!range) columns.push(model.above.column);
  } else {
    columns.push(model.ranges[0]!.column);
  }
  return (
    tableSliceMarkdown(table.grid, degreeRows(table.grid, facts.degree), columns) +
    `\n\n— ${tableLink(table)} (${sizing.sesmt.source.cell})` +
    (table.grid.footnotes.length > 0
      ? `\n\n${table.grid.footnotes
          .filter((n) => n.startsWith('('))
          .map(escape)
          .join('\n\n')}`
      : '')
  );
}

function riskTable(riskDegree: RiskDegree, tables: SizingTables): string {
  const { table } = tables.riskDegrees;
  const row = cnaeRow(table.grid, riskDegree.cnaeClass);
  const columns = [...Array(table.grid.columnCount).keys()];
  return `${tableSliceMarkdown(table.grid, row >= 0 ? [row] : [], columns)}\n\n— ${tableLink(table)}`;
}

export interface SizingAnswerParts {
  topics: ('cipa' | 'sesmt' | 'grau')[];
  role: SesmtRole | null;
  sizing: Sizing | null;
  facts: SizingFacts;
}

/** The whole answer: leads, data used, tables, notes, cited items, disclaimer. */
export function renderSizingAnswer(
  parts: SizingAnswerParts,
  tables: SizingTables,
  citedLinks: string[],
): string {
  const { sizing, facts } = parts;
  const blocks: string[] = [];
  if (parts.topics.includes('grau') && facts.riskDegree)
    blocks.push(
      `**Grau de risco ${facts.riskDegree.degree}:** é o que o Anexo I da NR-04 atribui à classe CNAE ${facts.riskDegree.cnaeClass} – ${escape(facts.riskDegree.description)}.`,
    );
  if (sizing && parts.topics.includes('cipa')) blocks.push(cipaLead(sizing, facts, tables));
  if (sizing && parts.topics.includes('sesmt'))
    blocks.push(sesmtLead(sizing, facts, tables, parts.role));
  if (sizing) blocks.push(factsLine(facts));
  if (facts.riskDegree) blocks.push(riskTable(facts.riskDegree, tables));
  if (sizing && parts.topics.includes('cipa')) blocks.push(cipaTable(sizing, facts, tables));
  if (sizing && parts.topics.includes('sesmt')) blocks.push(sesmtTable(sizing, facts, tables));
  const notes = sizing
    ? [
        ...(parts.topics.includes('cipa') ? sizing.cipa.notes : []),
        ...(parts.topics.includes('sesmt') ? sizing.sesmt.notes : []),
      ]
    : [];
  if (notes.length > 0)
    blocks.push(`**Observações**\n\n${notes.map((n) => `- ${escape(n)}`).join('\n')}`);
  blocks.push(`**Itens citados**\n\n${citedLinks.map((l) => `- ${l}`).join('\n')}`);
  blocks.push(SIZING_DISCLAIMER);
  return blocks.join('\n\n');
}

/** What to say when the question and the profile lack a fact the sizing needs. */
export function missingFactsAnswer(
  topics: ('cipa' | 'sesmt' | 'grau')[],
  missing: ('grau' | 'employees' | 'cnae')[],
  hasProfile: boolean,
): string {
  const subject =
    topics.includes('cipa') && topics.includes('sesmt')
      ? 'o SESMT e a CIPA'
      : topics.includes('cipa')
        ? 'a CIPA'
        : topics.includes('sesmt')
          ? 'o SESMT'
          : 'o grau de risco';
  // "preciso do grau de risco", never "preciso de o grau".
  const names = missing.map((m) =>
    m === 'grau'
      ? 'do **grau de risco** do estabelecimento (ou do seu **CNAE**, que dá o grau pelo Anexo I da NR-04)'
      : m === 'cnae'
        ? 'do **CNAE** da atividade (por exemplo, 4120-4/00)'
        : 'do **número de empregados** do estabelecimento',
  );
  const example = topics.includes('grau')
    ? '"qual o grau de risco do CNAE 4120-4/00?"'
    : topics.includes('cipa')
      ? `"quantos membros da CIPA para grau de risco 3 com 120 empregados?"`
      : `"quantos técnicos de segurança para grau de risco 3 com 600 empregados?"`;
  const profile = hasProfile
    ? 'Seu perfil ativo em [Minha empresa](/minha-empresa) está incompleto para isso; atualize-o e pergunte de novo.'
    : 'Ou cadastre sua empresa em [Minha empresa](/minha-empresa): com o CNAE e o número de empregados eu calculo o dimensionamento dela sempre que você perguntar.';
  return [
    `Para calcular ${subject} preciso ${names.join(' e ')}.`,
    `Diga na pergunta, por exemplo: ${example}`,
    profile,
  ].join('\n\n');
}
