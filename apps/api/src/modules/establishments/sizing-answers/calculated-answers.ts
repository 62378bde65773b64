/**
 * Answers that are computed rather than quoted: a sizing question (CIPA members, SESMT
 * professionals, grau de risco of a CNAE) is answered from the NR tables, with the facts given in
 * the question, else those of the user's active profile (saying so), else by asking for what is
 * missing. Both the question page and the chats call it before the answer engines.
 */
import { formatCnae, type RiskDegree } from '@normas/contracts/establishments';
import type { Citation } from '../../answers/answer-engine';
import type { EngineAnswer } from '../../questions/engine-ports';
import type { EstablishmentRow } from '../establishments.repository';
import type { SizingTablesSource } from '../sizing/load-sizing-tables';
import { riskDegreeOf, sizeByDegree, UnknownCnaeError, type SizingTables } from '../sizing/sizing';
import type { EmployeeRange, SourceTable } from '../sizing/sizing-tables';
import {
  missingFactsAnswer,
  renderSizingAnswer,
  SIZING_DISCLAIMER,
  tableLink,
  type SizingFacts,
} from './sizing-answer.markdown';
import { parseSizingQuestion, type SizingQuestion } from './sizing-question';

/** The one thing the question and chat services need: a computed answer, or null to go on. */
export interface CalculatedAnswers {
  tryAnswer(input: { question: string; userId: string }): Promise<EngineAnswer | null>;
}

export interface CalculatedAnswersDeps {
  tables: SizingTablesSource;
  activeProfile(userId: string): Promise<EstablishmentRow | undefined>;
  /** Current sections of items by code and printed item ("NR-05", "5.4.13"). */
  findItems(refs: { code: string; item: string }[]): Promise<Citation[]>;
}

function citationOf(table: SourceTable): Citation {
  return {
    regulationId: table.regulationId,
    sectionId: table.sectionId,
    code: table.code,
    item: table.item,
  };
}

function itemLink(c: Citation): string {
  const label = /^\d/.test(c.item) ? `${c.code}, item ${c.item}` : `${c.code}, ${c.item}`;
  return `[${label}](/regulations/${c.regulationId}#${encodeURIComponent(c.item)})`;
}

/** Per grau de risco 1 to 4, the first employee count of the first column that `has` a member. */
function firstColumns(
  ranges: readonly EmployeeRange[],
  has: (grau: number, column: number) => boolean,
): Map<number, number> {
  const from = new Map<number, number>();
  for (const grau of [1, 2, 3, 4]) {
    const range = ranges.find((r) => has(grau, r.column));
    if (range) from.set(grau, range.min);
  }
  return from;
}

/** "20 empregados em qualquer grau de risco", or "501 empregados no grau de risco 1, 101 no grau 2…". */
function byDegree(from: ReadonlyMap<number, number>): string {
  const counts = [...from.values()];
  const n = (v: number) => v.toLocaleString('pt-BR');
  if (from.size === 4 && counts.every((c) => c === counts[0]))
    return `${n(counts[0]!)} empregados, em qualquer grau de risco`;
  const parts = [...from].map(([grau, min], i) =>
    i === 0 ? `${n(min)} empregados no grau de risco ${grau}` : `${n(min)} no grau ${grau}`,
  );
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} e ${parts.at(-1)}` : parts[0]!;
}

/** The items each topic rests on besides its table. */
function ruleItems(q: SizingQuestion, designated: boolean): { code: string; item: string }[] {
  const refs: { code: string; item: string }[] = [];
  if (q.topics.includes('cipa'))
    refs.push({ code: 'NR-05', item: designated ? '5.4.13' : '5.4.1' });
  if (q.topics.includes('sesmt')) refs.push({ code: 'NR-04', item: '4.5.1' });
  return refs;
}

export function createCalculatedAnswers(deps: CalculatedAnswersDeps): CalculatedAnswers {
  async function compute(
    q: SizingQuestion,
    userId: string,
    tables: SizingTables,
  ): Promise<EngineAnswer> {
    let riskDegree: RiskDegree | null = null;
    const usedFromProfile: string[] = [];
    let profile: EstablishmentRow | undefined;
    const fromProfile = async () => (profile ??= await deps.activeProfile(userId));

    let degree = q.degree;
    if (q.cnae && q.cnae.length === 7) {
      try {
        riskDegree = riskDegreeOf(q.cnae, tables);
        degree = riskDegree.degree;
      } catch (error) {
        if (!(error instanceof UnknownCnaeError)) throw error;
        return {
          markdown: `O CNAE ${formatCnae(q.cnae)} (classe ${error.cnaeClass}) não consta na relação do Anexo I da NR-04, por isso não sei o grau de risco dele. Confira o código no cartão do CNPJ e pergunte de novo.`,
          citations: [],
          abstained: false,
        };
      }
    } else if (q.cnae && q.cnae.length === 5) {
      try {
        riskDegree = riskDegreeOf(`${q.cnae}00`, tables);
        degree = riskDegree.degree;
      } catch {
        riskDegree = null;
      }
    }
    if (degree === null && (await fromProfile())) {
      riskDegree = riskDegreeOf(profile!.cnae, tables);
      degree = riskDegree.degree;
      usedFromProfile.push(`o CNAE ${formatCnae(profile!.cnae)}`);
    }
    let employees = q.employees;
    if (employees === null && !q.topics.every((t) => t === 'grau') && (await fromProfile())) {
      employees = profile!.employees;
      usedFromProfile.push(`o número de empregados (${employees.toLocaleString('pt-BR')})`);
    }

    const onlyGrau = q.topics.every((t) => t === 'grau');
    const missing: ('grau' | 'employees' | 'cnae')[] = [];
    if (onlyGrau && !riskDegree) missing.push('cnae');
    if (!onlyGrau && degree === null) missing.push('grau');
    if (!onlyGrau && employees === null) missing.push('employees');
    if (missing.length > 0)
      return {
        markdown: missingFactsAnswer(q.topics, missing, Boolean(await fromProfile())),
        citations: [],
        abstained: false,
      };

    const sizing = onlyGrau
      ? null
      : sizeByDegree(
          degree!,
          employees!,
          tables,
          riskDegree ? (q.cnae ?? profile?.cnae ?? null) : null,
        );
    const facts: SizingFacts = {
      degree: degree!,
      employees: employees ?? 0,
      riskDegree,
      profile:
        usedFromProfile.length > 0 ? { name: profile!.name, usedFor: usedFromProfile } : null,
    };
    const citations: Citation[] = [];
    if (riskDegree) citations.push(citationOf(tables.riskDegrees.table));
    if (sizing && q.topics.includes('cipa')) citations.push(citationOf(tables.cipa.table));
    if (sizing && q.topics.includes('sesmt')) citations.push(citationOf(tables.sesmt.table));
    const tableLinks = citations.map((c) => {
      const table = [tables.riskDegrees.table, tables.cipa.table, tables.sesmt.table].find(
        (t) => t.sectionId === c.sectionId,
      )!;
      return `${tableLink(table)}${table.title ? ` — ${table.title}` : ''}`;
    });
    const rules = sizing ? await deps.findItems(ruleItems(q, sizing.cipa.designated)) : [];
    citations.push(...rules);
    const markdown = renderSizingAnswer({ topics: q.topics, role: q.role, sizing, facts }, tables, [
      ...tableLinks,
      ...rules.map(itemLink),
    ]);
    return { markdown, citations, abstained: false };
  }

  /**
   * From how many employees the CIPA or the SESMT is required, per grau de risco: the first column
   * of NR-05 Quadro I with elected members, of NR-04 Anexo II with a professional.
   */
  async function threshold(q: SizingQuestion, tables: SizingTables): Promise<EngineAnswer> {
    const blocks: string[] = [];
    const citations: Citation[] = [];
    const links: string[] = [];
    const cite = (table: SourceTable) => {
      citations.push(citationOf(table));
      links.push(`${tableLink(table)}${table.title ? ` — ${table.title}` : ''}`);
    };
    if (q.topics.includes('cipa')) {
      const { model, table } = tables.cipa;
      const from = firstColumns(model.ranges, (grau, column) => {
        return (model.cells.get(grau)?.efetivos.get(column) ?? 0) > 0;
      });
      blocks.push(
        `**A CIPA com membros eleitos é obrigatória a partir de ${byDegree(from)}:** é a primeira faixa com membros efetivos no Quadro I da NR-05. O grau de risco é o da atividade do estabelecimento (CNAE), no Anexo I da NR-04.`,
        'Abaixo disso, quando o estabelecimento não é atendido por SESMT, a organização nomeia um representante dentre seus empregados para auxiliar nas ações de prevenção (NR-05, item 5.4.13).',
      );
      cite(table);
    }
    if (q.topics.includes('sesmt')) {
      const { model, table } = tables.sesmt;
      const from = firstColumns(model.ranges, (grau, column) =>
        [...(model.cells.get(grau)?.values() ?? [])].some((c) => (c.get(column)?.count ?? 0) > 0),
      );
      blocks.push(
        `**O SESMT é obrigatório a partir de ${byDegree(from)}:** é a primeira faixa com profissionais no Anexo II da NR-04, para o maior grau de risco entre a atividade principal e a preponderante do estabelecimento.`,
      );
      cite(table);
    }
    const rules = await deps.findItems([
      ...(q.topics.includes('cipa') ? [{ code: 'NR-05', item: '5.4.13' }] : []),
      ...(q.topics.includes('sesmt') ? [{ code: 'NR-04', item: '4.5.1' }] : []),
    ]);
    citations.push(...rules);
    blocks.push(
      'Para o número exato de membros ou de profissionais, pergunte com o número de empregados e o grau de risco (ou o CNAE).',
      `**Itens citados**\n\n${[...links, ...rules.map(itemLink)].map((l) => `- ${l}`).join('\n')}`,
      SIZING_DISCLAIMER,
    );
    return { markdown: blocks.join('\n\n'), citations, abstained: false };
  }

  return {
    async tryAnswer({ question, userId }) {
      const q = parseSizingQuestion(question);
      if (!q) return null;
      const tables = await deps.tables();
      // Without the NR-04 and NR-05 tables the engines answer from the text as before.
      if (!tables) return null;
      return q.threshold ? threshold(q, tables) : compute(q, userId, tables);
    },
  };
}
