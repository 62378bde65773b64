/**
 * SESMT and CIPA sizing of one establishment: a pure function of the grau de risco, the number of
 * employees and the tables the importer parsed, with NR-04's and NR-05's rules around the tables.
 * Where a rule depends on a fact the profile does not hold, a note says so instead of guessing.
 */
import type {
  RiskDegree,
  SesmtProfessional,
  SesmtRole,
  Sizing,
  SizingSource,
} from '@normas/contracts/establishments';
import { cnaeClassOf, SESMT_ROLES } from '@normas/contracts/establishments';
import type {
  AboveRange,
  CipaTable,
  CnaeEntry,
  EmployeeRange,
  SesmtCell,
  SesmtTable,
  SourceTable,
} from './sizing-tables';

export interface SizingTables {
  riskDegrees: { table: SourceTable; entries: Map<string, CnaeEntry> };
  sesmt: { table: SourceTable; model: SesmtTable };
  cipa: { table: SourceTable; model: CipaTable };
}

const thousands = (n: number) => n.toLocaleString('pt-BR');

function sourceOf(table: SourceTable, cell: string, rules: string[]): SizingSource {
  return {
    regulationId: table.regulationId,
    code: table.code,
    item: table.item,
    label: `${table.code}, ${table.label}${table.title ? ` – ${table.title}` : ''}`,
    cell,
    rules,
  };
}

/** The column an employee count falls in, or the open range above the table with its groups. */
export function locate(
  employees: number,
  ranges: EmployeeRange[],
  above: AboveRange,
): { range: EmployeeRange; groups: number; above?: AboveRange } | null {
  if (employees < ranges[0]!.min) return null;
  const range = ranges.find((r) => employees >= r.min && employees <= (r.max ?? Infinity));
  if (range) return { range, groups: 0 };
  const excess = employees - above.above;
  const whole = Math.floor(excess / above.group);
  const rest = excess - whole * above.group;
  const groups = whole + (above.fraction !== null && rest > above.fraction ? 1 : 0);
  return { range: ranges.at(-1)!, groups, above };
}

export class UnknownCnaeError extends Error {
  constructor(readonly cnaeClass: string) {
    super(`CNAE ${cnaeClass} fora do Anexo I da NR-04`);
    this.name = 'UnknownCnaeError';
  }
}

/** The grau de risco of a CNAE subclass ("4120400"), read from NR-04 Anexo I by its class. */
export function riskDegreeOf(cnae: string, tables: SizingTables): RiskDegree {
  const entry = tables.riskDegrees.entries.get(cnae.slice(0, 5));
  if (!entry) throw new UnknownCnaeError(cnaeClassOf(cnae));
  return {
    degree: entry.degree,
    cnaeClass: entry.code,
    description: entry.description,
    source: sourceOf(
      tables.riskDegrees.table,
      `${entry.code} ${entry.description}: grau ${entry.degree}`,
      ['4.5.1'],
    ),
  };
}

function rangeLabel(range: EmployeeRange): string {
  return range.max === null
    ? `acima de ${thousands(range.min)}`
    : `${thousands(range.min)} a ${thousands(range.max)}`;
}

function aboveText(where: { range: EmployeeRange; groups: number; above?: AboveRange }): string {
  if (!where.above) return `${rangeLabel(where.range)} empregados`;
  return `${rangeLabel(where.range)} mais ${where.groups} grupo(s) de ${thousands(where.above.group)} acima de ${thousands(where.above.above)}`;
}

// ---- SESMT ----

function professionalsFor(
  role: SesmtRole,
  base: SesmtCell,
  extra: SesmtCell | null,
  groups: number,
  source: SizingSource,
): SesmtProfessional[] {
  const partTime = (c: SesmtCell) => c.marks === 1;
  const out: SesmtProfessional[] = [];
  const add = (count: number, part: boolean, printed: string) => {
    if (count <= 0) return;
    const same = out.find((p) => p.partTime === part);
    if (same) same.count += count;
    else out.push({ role, count, partTime: part, printed, source });
  };
  add(base.count, partTime(base), base.printed);
  if (extra && groups > 0) add(extra.count * groups, partTime(extra), extra.printed);
  return out;
}

function sizeSesmt(
  degree: number,
  employees: number,
  cnae: string | null,
  tables: SizingTables,
): Sizing['sesmt'] {
  const { table, model } = tables.sesmt;
  const where = locate(employees, model.ranges, model.above);
  const notes: string[] = [
    'Conte os empregados do estabelecimento e os trabalhadores de contratadas que atuam nele de forma não eventual, exceto os atendidos pelo SESMT da própria contratada (itens 4.5.2 e 4.5.2.2).',
  ];
  if (cnae)
    notes.push(
      'O grau de risco é o maior entre a atividade principal (CNAE do CNPJ) e a preponderante, a que ocupa mais trabalhadores no estabelecimento; se a preponderante tiver grau maior, refaça o cálculo com ela (item 4.5.1).',
    );
  const division = cnae ? Number(cnae.slice(0, 2)) : null;
  if (division !== null && division >= 41 && division <= 43)
    notes.push(
      'Canteiros de obras e frentes de trabalho com menos de mil trabalhadores na mesma UF não contam como estabelecimentos: integram a empresa de engenharia responsável, que organiza o SESMT; técnicos de segurança e de enfermagem são dimensionados por canteiro ou frente (itens 4.5.4 e 4.5.4.1).',
    );
  if (!where) {
    const cell = `menos de ${thousands(model.ranges[0]!.min)} empregados: abaixo da primeira faixa`;
    notes.push(
      `Com menos de ${thousands(model.ranges[0]!.min)} empregados o estabelecimento não se enquadra no Anexo II. Se a organização tiver outros estabelecimentos na mesma UF, o somatório de trabalhadores pode exigir SESMT regionalizado ou estadual (itens 4.4.3 e 4.4.4).`,
    );
    if (degree <= 2)
      notes.push(
        'Em SESMT regionalizado ou estadual, estabelecimentos de grau de risco 1 e 2 de microempresas e empresas de pequeno porte contam metade dos trabalhadores (item 4.5.3.1).',
      );
    return {
      required: false,
      professionals: [],
      source: sourceOf(table, `Grau de risco ${degree}; ${cell}`, ['4.4.2', '4.4.3', '4.4.4']),
      notes,
    };
  }
  const rules = ['4.3.2', '4.4.2', '4.5.1'];
  if (where.groups > 0 || where.above) rules.push('Anexo II, nota (**)');
  const source = sourceOf(table, `Grau de risco ${degree}; ${aboveText(where)}`, rules);
  const professionals: SesmtProfessional[] = [];
  for (const role of SESMT_ROLES) {
    const byColumn = model.cells.get(degree)!.get(role)!;
    const base = byColumn.get(where.range.column)!;
    const extra = where.above ? byColumn.get(where.above.column)! : null;
    professionals.push(...professionalsFor(role, base, extra, where.groups, source));
  }
  if (professionals.some((p) => p.printed.endsWith('***')))
    notes.push(
      'Nota (***) do Anexo II: o empregador pode contratar um enfermeiro do trabalho em tempo parcial em vez do auxiliar ou técnico de enfermagem do trabalho.',
    );
  if (professionals.some((p) => p.partTime))
    notes.push(
      'Tempo parcial: no mínimo três horas (nota (*) do Anexo II); engenheiro, médico e enfermeiro do trabalho dedicam no mínimo 15 horas semanais em tempo parcial e 30 em tempo integral (item 4.3.7).',
    );
  if (division === 86 && employees > 500) {
    const nurses = professionals.filter((p) => p.role === 'enfermeiro');
    const fullTime = nurses.some((p) => !p.partTime);
    if (!fullTime) {
      const rest = professionals.filter((p) => !(p.role === 'enfermeiro' && p.partTime));
      professionals.length = 0;
      professionals.push(...rest, {
        role: 'enfermeiro',
        count: 1,
        partTime: false,
        printed: '1',
        source: { ...source, rules: [...source.rules, 'Anexo II, Observação A'] },
      });
    }
    notes.push(
      'Observação A do Anexo II: hospitais, ambulatórios, maternidades, casas de saúde e repouso, clínicas e similares com mais de 500 trabalhadores contratam enfermeiro do trabalho em tempo integral.',
    );
  }
  professionals.sort((a, b) => SESMT_ROLES.indexOf(a.role) - SESMT_ROLES.indexOf(b.role));
  return { required: professionals.length > 0, professionals, source, notes };
}

// ---- CIPA ----

function sizeCipa(
  degree: number,
  employees: number,
  cnae: string | null,
  tables: SizingTables,
): Sizing['cipa'] {
  const { table, model } = tables.cipa;
  const where = locate(employees, model.ranges, model.above);
  const notes: string[] = [];
  const division = cnae ? Number(cnae.slice(0, 2)) : null;
  if (division !== null && division >= 41 && division <= 43)
    notes.push(
      'Na indústria da construção a CIPA é constituída por canteiro de obras, com o número de empregados do canteiro (Anexo I da NR-05, item 3.1).',
    );
  notes.push(
    'Em regime sazonal, use a média aritmética do número de trabalhadores do ano civil anterior (item 5.4.2).',
  );
  const cells = model.cells.get(degree)!;
  const column = where?.range.column;
  const efetivos = column === undefined ? null : cells.efetivos.get(column)!;
  const suplentes = column === undefined ? null : cells.suplentes.get(column)!;
  const cellText = `Grau de risco ${degree}; ${where ? aboveText(where) : `${thousands(employees)} empregados`}`;
  if (efetivos === null || suplentes === null) {
    notes.unshift(
      'O estabelecimento não se enquadra no Quadro I: a organização nomeia um representante entre seus empregados para auxiliar nas ações de prevenção (item 5.4.13), salvo se o estabelecimento for atendido por SESMT, que então desempenha as atribuições da CIPA (item 5.4.13.1). O microempreendedor individual (MEI) está dispensado (item 5.4.13.2).',
    );
    return {
      efetivos: null,
      suplentes: null,
      designated: true,
      source: sourceOf(table, `${cellText}: célula em branco`, ['5.4.1', '5.4.13']),
      notes,
    };
  }
  let e = efetivos;
  let s = suplentes;
  const rules = ['5.4.1'];
  if (where?.above) {
    e += where.groups * cells.efetivos.get(where.above.column)!;
    s += where.groups * cells.suplentes.get(where.above.column)!;
    rules.push('Quadro I, coluna acima da última faixa');
    notes.push(
      `Acima de ${thousands(where.above.above)} empregados o Quadro I manda acrescentar, para cada grupo de ${thousands(where.above.group)}, os efetivos e suplentes da última coluna; contam só os grupos completos (o Quadro I, ao contrário do Anexo II da NR-04, não fala em fração).`,
    );
  }
  return {
    efetivos: e,
    suplentes: s,
    designated: false,
    source: sourceOf(table, cellText, rules),
    notes,
  };
}

/** SESMT and CIPA for a grau de risco and an employee count (the CNAE, when known, adds its rules). */
export function sizeByDegree(
  degree: number,
  employees: number,
  tables: SizingTables,
  cnae: string | null = null,
): Sizing {
  return {
    sesmt: sizeSesmt(degree, employees, cnae, tables),
    cipa: sizeCipa(degree, employees, cnae, tables),
  };
}

/** Grau de risco from the CNAE subclass, then SESMT and CIPA. */
export function sizeEstablishment(
  profile: { cnae: string; employees: number },
  tables: SizingTables,
): { riskDegree: RiskDegree; sizing: Sizing } {
  const riskDegree = riskDegreeOf(profile.cnae, tables);
  return {
    riskDegree,
    sizing: sizeByDegree(riskDegree.degree, profile.employees, tables, profile.cnae),
  };
}
