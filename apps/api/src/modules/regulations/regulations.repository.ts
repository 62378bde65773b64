import { asc, count, desc, eq, and, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  regulations,
  regulationTables,
  regulationVersions,
  retiredSections,
  sections,
} from '../../db/schema';
import { latestAct } from './parse/front-matter';
import type { ParsedRegulation } from './parse/parse-regulation';
import type { VersionChanges } from '@normas/contracts/regulations';
import { diffSections } from './versions/section-diff';

export type RegulationRow = typeof regulations.$inferSelect;
export type SectionRow = typeof sections.$inferSelect;
export type RegulationTableRow = typeof regulationTables.$inferSelect;
export type VersionRow = typeof regulationVersions.$inferSelect;
export type RegulationSummaryRow = RegulationRow & {
  sectionCount: number;
  version: VersionRow | null;
  versionCount: number;
};

/** Where an imported file came from: its SHA-256 and, when a manifest says so, its address. */
export interface Provenance {
  sha256: string;
  sourceUrl: string | null;
}

/** How an import changed a regulation's versions. */
export type VersionOutcome =
  { kind: 'first' } | { kind: 'reparsed' } | { kind: 'new'; changes: VersionChanges };

/** PostgreSQL caps a statement at 65,535 parameters; 6 columns × 1,000 rows stays well under. */
const SECTION_BATCH = 1000;

export function createRegulationsRepository(db: Db) {
  return {
    async findByCode(code: string): Promise<RegulationRow | undefined> {
      const [row] = await db.select().from(regulations).where(eq(regulations.code, code)).limit(1);
      return row;
    },

    async count(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(regulations);
      return row?.n ?? 0;
    },

    /** The version of a regulation in force here, if it has one. */
    async currentVersion(regulationId: string): Promise<VersionRow | undefined> {
      const [row] = await db
        .select()
        .from(regulationVersions)
        .where(
          and(
            eq(regulationVersions.regulationId, regulationId),
            isNull(regulationVersions.replacedAt),
          ),
        )
        .limit(1);
      return row;
    },

    /** A version imported from a file with this SHA-256, with its regulation's code. */
    async versionBySha(sha256: string): Promise<{ version: VersionRow; code: string } | undefined> {
      const [row] = await db
        .select({ version: regulationVersions, code: regulations.code })
        .from(regulationVersions)
        .innerJoin(regulations, eq(regulations.id, regulationVersions.regulationId))
        .where(eq(regulationVersions.sourceSha256, sha256))
        .orderBy(desc(regulationVersions.importedAt))
        .limit(1);
      return row;
    },

    /** Every version of a regulation, newest first. */
    async versionsOf(regulationId: string): Promise<VersionRow[]> {
      return db
        .select()
        .from(regulationVersions)
        .where(eq(regulationVersions.regulationId, regulationId))
        .orderBy(desc(regulationVersions.importedAt));
    },

    /**
     * Stores a regulation and its sections in one transaction, replacing any earlier import of the
     * same code; the regulation keeps its id so that links to it stay valid. The sections it
     * replaces are kept, under their ids, in retired_sections. A file with another SHA-256 is a new
     * version, recorded with what it changed; the same file read again (a newer parser) is not.
     */
    async replace(
      parsed: ParsedRegulation,
      sourceFile: string,
      checksum: string,
      provenance: Provenance = { sha256: checksum.split(':').at(-1)!, sourceUrl: null },
    ): Promise<{ row: RegulationRow; outcome: VersionOutcome }> {
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
        const regulationId = row!.id;
        const [current] = await tx
          .select()
          .from(regulationVersions)
          .where(
            and(
              eq(regulationVersions.regulationId, regulationId),
              isNull(regulationVersions.replacedAt),
            ),
          )
          .limit(1)
          .for('update');
        const previous = await tx
          .select({ item: sections.item, content: sections.content })
          .from(sections)
          .where(eq(sections.regulationId, regulationId))
          .orderBy(asc(sections.number));
        if (previous.length > 0) {
          await tx.execute(sql`
            insert into ${retiredSections} (id, regulation_id, version_id, section)
            select s.id, s.regulation_id, ${current?.id ?? null}::uuid, to_jsonb(s)
            from ${sections} s where s.regulation_id = ${regulationId}
            on conflict (id) do nothing`);
          await tx.delete(sections).where(eq(sections.regulationId, regulationId));
        }
        for (let i = 0; i < parsed.sections.length; i += SECTION_BATCH) {
          await tx.insert(sections).values(
            parsed.sections.slice(i, i + SECTION_BATCH).map((s) => ({
              regulationId,
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

        const acts = parsed.acts ?? { publication: null, amendments: [], wordingAct: null };
        const version = {
          lastAct: latestAct(acts)?.act ?? null,
          amendedOn: parsed.revisedDate,
          wordingAct: acts.wordingAct,
          acts: { publication: acts.publication, amendments: acts.amendments },
          sourceFile,
          sourceSha256: provenance.sha256,
          sourceUrl: provenance.sourceUrl,
        };
        if (current && current.sourceSha256 === provenance.sha256) {
          await tx
            .update(regulationVersions)
            .set(version)
            .where(eq(regulationVersions.id, current.id));
          return { row: row!, outcome: { kind: 'reparsed' as const } };
        }
        if (current) {
          await tx
            .update(regulationVersions)
            .set({ replacedAt: sql`now()` })
            .where(eq(regulationVersions.id, current.id));
        }
        const changes = current ? diffSections(previous, parsed.sections) : null;
        await tx.insert(regulationVersions).values({ ...version, regulationId, changes });
        return {
          row: row!,
          outcome: changes ? { kind: 'new' as const, changes } : { kind: 'first' as const },
        };
      });
    },

    /** Every regulation with its section count and its current version. */
    async list(): Promise<RegulationSummaryRow[]> {
      const rows = await db
        .select({ regulation: regulations, sectionCount: count(sections.id) })
        .from(regulations)
        .leftJoin(sections, eq(sections.regulationId, regulations.id))
        .groupBy(regulations.id)
        .orderBy(asc(regulations.code));
      const versions = await db.select().from(regulationVersions);
      const current = new Map<string, VersionRow>();
      const counts = new Map<string, number>();
      for (const v of versions) {
        counts.set(v.regulationId, (counts.get(v.regulationId) ?? 0) + 1);
        if (v.replacedAt === null) current.set(v.regulationId, v);
      }
      return rows.map((r) => ({
        ...r.regulation,
        sectionCount: r.sectionCount,
        version: current.get(r.regulation.id) ?? null,
        versionCount: counts.get(r.regulation.id) ?? 0,
      }));
    },

    /** A section by id, current or retired by a later import. */
    async retiredSection(id: string): Promise<SectionRow | undefined> {
      const [row] = await db
        .select({ section: retiredSections.section })
        .from(retiredSections)
        .where(eq(retiredSections.id, id))
        .limit(1);
      return row ? fromRetired(row.section) : undefined;
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

/** A retired section's row, stored with `to_jsonb` (snake_case columns). */
export function fromRetired(json: unknown): SectionRow {
  const s = json as Record<string, unknown>;
  return {
    id: s.id as string,
    regulationId: s.regulation_id as string,
    number: s.number as number,
    item: s.item as string,
    headingPath: (s.heading_path as string) ?? '',
    content: s.content as string,
    effectiveFrom: (s.effective_from as string | null) ?? null,
  };
}

export type RegulationsRepository = ReturnType<typeof createRegulationsRepository>;
