import {
  countChanges,
  type CurrentVersion,
  type Regulation,
  type RegulationIndexEntry,
  type RegulationSection,
  type RegulationSummary,
  type RegulationVersion,
  type Section,
  type VersionChanges,
} from '@normas/contracts/regulations';
import type { RegulationTable, TableGrid } from '@normas/contracts/tables';
import { AppError } from '../../lib/app-error';
import type {
  RegulationRow,
  RegulationsRepository,
  RegulationTableRow,
  SectionRow,
  VersionRow,
} from './regulations.repository';

function toSummary(row: RegulationRow, sectionCount: number): RegulationSummary {
  return {
    id: row.id,
    code: row.code,
    title: row.title,
    authority: row.authority,
    issuedDate: row.issuedDate,
    revisedDate: row.revisedDate,
    status: row.status,
    description: row.description,
    sectionCount,
  };
}

function toSection(row: SectionRow): Section {
  return {
    id: row.id,
    number: row.number,
    item: row.item,
    headingPath: row.headingPath,
    content: row.content,
    effectiveFrom: row.effectiveFrom,
  };
}

export function toRegulationTable(row: RegulationTableRow): RegulationTable {
  const grid = row.grid as TableGrid;
  return {
    id: row.id,
    position: row.position,
    label: row.label,
    title: row.title,
    sectionNumber: row.sectionNumber,
    lastSectionNumber: row.lastSectionNumber,
    page: row.page,
    columnCount: grid.columnCount,
    headerRows: grid.headerRows,
    bodyRows: grid.bodyRows,
    footnotes: grid.footnotes,
  };
}

function toVersion(row: VersionRow): RegulationVersion {
  return {
    id: row.id,
    lastAct: row.lastAct,
    amendedOn: row.amendedOn,
    wordingAct: row.wordingAct,
    sourceFile: row.sourceFile,
    sha256: row.sourceSha256,
    sourceUrl: row.sourceUrl,
    importedAt: row.importedAt.toISOString(),
    replacedAt: row.replacedAt?.toISOString() ?? null,
    changes: (row.changes as VersionChanges | null) ?? null,
  };
}

function toCurrentVersion(row: VersionRow | null, versionCount: number): CurrentVersion | null {
  if (!row) return null;
  const { changes, ...version } = toVersion(row);
  return {
    ...version,
    changeCounts: changes ? countChanges(changes) : null,
    versionCount,
  };
}

const notFound = (message: string) => new AppError('NOT_FOUND', 404, message);

export function createRegulationsService(repository: RegulationsRepository) {
  return {
    /** The index: every regulation with the version in force. */
    async list(): Promise<RegulationIndexEntry[]> {
      return (await repository.list()).map((row) => ({
        ...toSummary(row, row.sectionCount),
        version: toCurrentVersion(row.version, row.versionCount),
      }));
    },

    async get(id: string): Promise<Regulation> {
      const row = await repository.findById(id);
      if (!row) throw notFound('Norma não encontrada.');
      const [sections, tables, versions] = await Promise.all([
        repository.sectionsOf(id),
        repository.tablesOf(id),
        repository.versionsOf(id),
      ]);
      const current = versions.find((v) => v.replacedAt === null) ?? null;
      return {
        ...toSummary(row, sections.length),
        sourceFile: row.sourceFile,
        version: toCurrentVersion(current, versions.length),
        sections: sections.map(toSection),
        tables: tables.map(toRegulationTable),
      };
    },

    /** Every version imported here, newest first, with what each changed. */
    async versions(id: string): Promise<RegulationVersion[]> {
      const row = await repository.findById(id);
      if (!row) throw notFound('Norma não encontrada.');
      return (await repository.versionsOf(id)).map(toVersion);
    },

    async getSection(id: string, number: number): Promise<RegulationSection> {
      const regulation = await repository.findById(id);
      if (!regulation) throw notFound('Norma não encontrada.');
      const section = await repository.findSection(id, number);
      if (!section) throw notFound(`A ${regulation.code} não tem a seção ${number}.`);
      return { ...toSection(section), regulationId: regulation.id, code: regulation.code };
    },
  };
}

export type RegulationsService = ReturnType<typeof createRegulationsService>;
