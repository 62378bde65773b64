import type { AnswerRegulation } from '@normas/contracts/questions';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { regulations, retiredSections, sections } from '../../db/schema';
import { fromRetired } from '../regulations/regulations.repository';
import { LruCache } from '../../lib/lru-cache';

/** Cited rows kept in memory (the whole corpus is a few thousand sections). */
const CACHED_SECTIONS = 20_000;

/** An item an answer rests on, as the answer engines report it. */
export interface Citation {
  regulationId: string;
  sectionId: string;
  code: string;
  item: string;
}

/** A citation that survives a re-import: regulation code and printed item (FAQ seed data). */
export interface ItemRef {
  code: string;
  item: string;
}

const columns = {
  regulationId: regulations.id,
  code: regulations.code,
  title: regulations.title,
  authority: regulations.authority,
  issuedDate: regulations.issuedDate,
  revisedDate: regulations.revisedDate,
  status: regulations.status,
  description: regulations.description,
  sectionId: sections.id,
  number: sections.number,
  item: sections.item,
  headingPath: sections.headingPath,
  content: sections.content,
  effectiveFrom: sections.effectiveFrom,
};

interface Row {
  regulationId: string;
  code: string;
  title: string;
  authority: string;
  issuedDate: string | null;
  revisedDate: string | null;
  status: string;
  description: string;
  sectionId: string;
  number: number;
  item: string;
  headingPath: string;
  content: string;
  effectiveFrom: string | null;
}

/** Groups rows (already in citation order) by regulation, in order of first appearance. */
function group(rows: Row[]): AnswerRegulation[] {
  const byId = new Map<string, AnswerRegulation>();
  const seen = new Set<string>();
  for (const row of rows) {
    if (seen.has(row.sectionId)) continue;
    seen.add(row.sectionId);
    let regulation = byId.get(row.regulationId);
    if (!regulation) {
      regulation = {
        id: row.regulationId,
        code: row.code,
        title: row.title,
        authority: row.authority,
        issuedDate: row.issuedDate,
        revisedDate: row.revisedDate,
        status: row.status,
        description: row.description,
        sections: [],
      };
      byId.set(row.regulationId, regulation);
    }
    regulation.sections.push({
      id: row.sectionId,
      number: row.number,
      item: row.item,
      headingPath: row.headingPath,
      content: row.content,
      effectiveFrom: row.effectiveFrom,
    });
  }
  return [...byId.values()];
}

/**
 * Reads the regulations and sections that answers cite; the only code here touching those tables.
 *
 * Cited rows are remembered by section id. A section row is never updated: an import replaces a
 * regulation by moving all of its sections to retired_sections and inserting new ones under new
 * ids, in the same transaction that rewrites the regulation's own columns. So a section id names
 * one fixed wording for good: when the in-memory retrieval index of this process still cites
 * sections replaced by an import run elsewhere, they are read from retired_sections and the answer
 * shows the wording it quoted.
 */
export function createCitedSectionsRepository(db: Db) {
  const cache = new LruCache<string, Row>(CACHED_SECTIONS);

  async function rowsByIds(ids: string[]): Promise<Row[]> {
    const rows: Row[] = [];
    const missing: string[] = [];
    for (const id of ids) {
      const row = cache.get(id);
      if (row) rows.push(row);
      else missing.push(id);
    }
    if (missing.length > 0) {
      const found = await db
        .select(columns)
        .from(sections)
        .innerJoin(regulations, eq(regulations.id, sections.regulationId))
        .where(inArray(sections.id, missing));
      for (const row of found) {
        cache.set(row.sectionId, row);
        rows.push(row);
      }
      const gone = missing.filter((id) => !found.some((row) => row.sectionId === id));
      if (gone.length > 0) rows.push(...(await retiredRows(gone)));
    }
    return rows;
  }

  /** Sections replaced by a later import, still cited by an index built before it. */
  async function retiredRows(ids: string[]): Promise<Row[]> {
    const found = await db
      .select({ section: retiredSections.section, regulation: regulations })
      .from(retiredSections)
      .innerJoin(regulations, eq(regulations.id, retiredSections.regulationId))
      .where(inArray(retiredSections.id, ids));
    return found.map(({ section, regulation }) => {
      const s = fromRetired(section);
      const row: Row = {
        regulationId: regulation.id,
        code: regulation.code,
        title: regulation.title,
        authority: regulation.authority,
        issuedDate: regulation.issuedDate,
        revisedDate: regulation.revisedDate,
        status: regulation.status,
        description: regulation.description,
        sectionId: s.id,
        number: s.number,
        item: s.item,
        headingPath: s.headingPath,
        content: s.content,
        effectiveFrom: s.effectiveFrom,
      };
      cache.set(row.sectionId, row);
      return row;
    });
  }

  return {
    /** True once at least one section has been imported. */
    async hasKnowledge(): Promise<boolean> {
      const [row] = await db.select({ id: sections.id }).from(sections).limit(1);
      return row !== undefined;
    },

    /** The cited sections grouped by regulation, in citation order; unknown ids are left out. */
    async byCitations(citations: Citation[]): Promise<AnswerRegulation[]> {
      const ids = [...new Set(citations.map((c) => c.sectionId))];
      if (ids.length === 0) return [];
      const rows = await rowsByIds(ids);
      const order = new Map(ids.map((id, index) => [id, index]));
      rows.sort((a, b) => order.get(a.sectionId)! - order.get(b.sectionId)!);
      return group(rows);
    },

    /**
     * Resolves {code, item} references to the current rows, in reference order, plus the current id of
     * every referenced regulation code that is imported. Items printed twice keep the first one.
     */
    async byItemRefs(
      refs: ItemRef[],
    ): Promise<{ regulations: AnswerRegulation[]; idByCode: Map<string, string> }> {
      if (refs.length === 0) return { regulations: [], idByCode: new Map() };
      const codes = [...new Set(refs.map((r) => r.code))];
      const found = await db
        .select({ id: regulations.id, code: regulations.code })
        .from(regulations)
        .where(inArray(regulations.code, codes));
      const idByCode = new Map(found.map((r) => [r.code, r.id]));
      const rows = await db
        .select(columns)
        .from(sections)
        .innerJoin(regulations, eq(regulations.id, sections.regulationId))
        .where(or(...refs.map((r) => and(eq(regulations.code, r.code), eq(sections.item, r.item)))))
        .orderBy(asc(sections.number));
      const key = (code: string, item: string) => `${code}\u0000${item}`;
      const first = new Map<string, Row>();
      for (const row of rows)
        if (!first.has(key(row.code, row.item))) first.set(key(row.code, row.item), row);
      const ordered = refs
        .map((r) => first.get(key(r.code, r.item)))
        .filter((r): r is Row => r !== undefined);
      return { regulations: group(ordered), idByCode };
    },

    /** Counts sections, for the benchmark and the FAQ generator's sanity check. */
    async sectionCount(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(sections);
      return Number(row?.n ?? 0);
    },
  };
}

export type CitedSectionsRepository = ReturnType<typeof createCitedSectionsRepository>;
