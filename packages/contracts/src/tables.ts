import { z } from 'zod';

/**
 * One cell of a regulation table, in the HTML model: a row lists the cells that start in it, left to
 * right; a cell spanning rows is listed only in its first row.
 */
export const TableCellSchema = z.object({
  text: z.string(),
  colSpan: z.number().int().positive(),
  rowSpan: z.number().int().positive(),
});
export type TableCell = z.infer<typeof TableCellSchema>;

/** The grid of a table as printed: header rows (possibly several, with spanning headers) and body rows. */
export const TableGridSchema = z.object({
  columnCount: z.number().int().positive(),
  headerRows: z.array(z.array(TableCellSchema)),
  bodyRows: z.array(z.array(TableCellSchema)),
  /** Notes printed with the table ("(*) Tempo parcial …"), in order. */
  footnotes: z.array(z.string()),
});
export type TableGrid = z.infer<typeof TableGridSchema>;

/** A Quadro/Tabela/Anexo table of a regulation, kept beside the items. */
export const RegulationTableSchema = TableGridSchema.extend({
  id: z.string(),
  /** Order among the regulation's tables, from 1. */
  position: z.number().int().positive(),
  /** How the regulation names it: "Quadro I", "Anexo II", "Tabela 1", or "Tabela" plus the item it sits in. */
  label: z.string(),
  title: z.string(),
  /** The section (number in document order) the table starts in; later chunks of a long table follow it. */
  sectionNumber: z.number().int().positive(),
  /** The last section holding rows of this table. */
  lastSectionNumber: z.number().int().positive(),
  /** PDF page the table starts on, when known. */
  page: z.number().int().positive().nullable(),
});
export type RegulationTable = z.infer<typeof RegulationTableSchema>;
