import { asc, count, eq, and, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { regulations, regulationTables, sections } from '../../db/schema';
import type { ParsedRegulation } from './parse/parse-regulation';

export type RegulationRow = typeof regulations.$inferSelect;
export type SectionRow = typeof sections.$inferSelect;
export type RegulationSummaryRow = RegulationRow & { sectionCount: number };
export type RegulationTableRow = typeof regulationTables.$inferSelect;

/** PostgreSQL caps a statement at 65,535 parameters; 6 columns × 1,000 rows stays well under. */
const SECTION_BATCH = 1000;

export function createRegulationsRepository(db: Db) {
  return {
    async findByCode(code: string): Promise<RegulationRow | undefined> {
      const [row] = await db.select().from(regulations).where(eq(regulations.code, code)).limit(1);
      return row;
    },

    async findBySourceFile(sourceFile: string): Promise<RegulationRow[]> {
      return db.select().from(regulations).where(eq(regulations.sourceFile, sourceFile));
    },

    async count(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(regulations);
      return row?.n ?? 0;
    },

    /**
     * Stores a regulation and its sections in one transaction, replacing any earlier import of the
     * same code; the regulation keeps its id so that links to it stay valid.
     */
    async replace(
      parsed: ParsedRegulation,
      sourceFile: string,
      checksum: string,
    ): Promise<RegulationRow> {
      return db.transaction(async (tx) => {
        const values = {
          code: parsed.code,
          title: parsed.title,
          authority: parsed.authority,
          issuedDate: parsed.issuedDate,
          revisedDate: parsed.revisedDate,
          status: parsed.status,
          description: parsed.description,
          sourceFile,
          checksum,
        };
        const [row] = await tx
          .insert(regulations)
          .values(values)
          .onConflictDoUpdate({
            target: regulations.code,
            set: { ...values, importedAt: sql`now()` },
          })
          .returning();
        await tx.delete(sections).where(eq(sections.regulationId, row!.id));
        for (let i = 0; i < parsed.sections.length; i += SECTION_BATCH) {
          await tx.insert(sections).values(
            parsed.sections.slice(i, i + SECTION_BATCH).map((s) => ({
              regulationId: row!.id,
              number: s.number,
              item: s.item,
              headingPath: s.headingPath,
              content: s.content,
              effectiveFrom: s.effectiveFrom,
            })),
          );
        }
        await tx.delete(regulationTables).where(eq(regulationTables.regulationId, row!.id));
        const tables = parsed.tables ?? [];
        for (let i = 0; i < tables.length; i += SECTION_BATCH) {
          await tx.insert(regulationTables).values(
            tables.slice(i, i + SECTION_BATCH).map((t) => ({
              regulationId: row!.id,
              position: t.position,
              label: t.label,
              title: t.title,
              sectionNumber: t.sectionNumber,
              lastSectionNumber: t.lastSectionNumber,
              page: t.page,
              grid: t.grid,
            })),
          );
        }
        return row!;
      });
    },

    async list(): Promise<RegulationSummaryRow[]> {
      const rows = await db
        .select({ regulation: regulations, sectionCount: count(sections.id) })
        .from(regulations)
        .leftJoin(sections, eq(sections.regulationId, regulations.id))
        .groupBy(regulations.id)
        .orderBy(asc(regulations.code));
      return rows.map((r) => ({ ...r.regulation, sectionCount: r.sectionCount }));
    },

    async findById(id: string): Promise<RegulationRow | undefined> {
      const [row] = await db.select().from(regulations).where(eq(regulations.id, id)).limit(1);
      return row;
    },

    async sectionsOf(regulationId: string): Promise<SectionRow[]> {
      return db
        .select()
        .from(sections)
        .where(eq(sections.regulationId, regulationId))
        .orderBy(asc(sections.number));
    },

    async tablesOf(regulationId: string): Promise<RegulationTableRow[]> {
      return db
        .select()
        .from(regulationTables)
        .where(eq(regulationTables.regulationId, regulationId))
        .orderBy(asc(regulationTables.position));
    },

    /** The tables of a regulation, by its code ("NR-04"), in document order, with the item they sit in. */
    async tablesByCode(
      code: string,
    ): Promise<(RegulationTableRow & { code: string; item: string; sectionId: string })[]> {
      const rows = await db
        .select({
          table: regulationTables,
          code: regulations.code,
          item: sections.item,
          sectionId: sections.id,
        })
        .from(regulationTables)
        .innerJoin(regulations, eq(regulations.id, regulationTables.regulationId))
        .innerJoin(
          sections,
          and(
            eq(sections.regulationId, regulationTables.regulationId),
            eq(sections.number, regulationTables.sectionNumber),
          ),
        )
        .where(eq(regulations.code, code))
        .orderBy(asc(regulationTables.position));
      return rows.map((r) => ({ ...r.table, code: r.code, item: r.item, sectionId: r.sectionId }));
    },

    async sectionCount(regulationId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(sections)
        .where(eq(sections.regulationId, regulationId));
      return row?.n ?? 0;
    },

    async findSection(regulationId: string, number: number): Promise<SectionRow | undefined> {
      const [row] = await db
        .select()
        .from(sections)
        .where(and(eq(sections.regulationId, regulationId), eq(sections.number, number)))
        .limit(1);
      return row;
    },
  };
}

export type RegulationsRepository = ReturnType<typeof createRegulationsRepository>;
