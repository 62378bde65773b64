import type {
  Regulation,
  RegulationSection,
  RegulationSummary,
  Section,
} from '@normas/contracts/regulations';
import type { RegulationTable, TableGrid } from '@normas/contracts/tables';
import { AppError } from '../../lib/app-error';
import type {
  RegulationRow,
  RegulationsRepository,
  RegulationSummaryRow,
  RegulationTableRow,
  SectionRow,
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

const notFound = (message: string) => new AppError('NOT_FOUND', 404, message);

export function createRegulationsService(repository: RegulationsRepository) {
  return {
    async list(): Promise<RegulationSummary[]> {
      return (await repository.list()).map((row: RegulationSummaryRow) =>
        toSummary(row, row.sectionCount),
      );
    },

    async get(id: string): Promise<Regulation> {
      const row = await repository.findById(id);
      if (!row) throw notFound('Norma não encontrada.');
      const [sections, tables] = await Promise.all([
        repository.sectionsOf(id),
        repository.tablesOf(id),
      ]);
      return {
        ...toSummary(row, sections.length),
        sourceFile: row.sourceFile,
        sections: sections.map(toSection),
        tables: tables.map(toRegulationTable),
      };
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
