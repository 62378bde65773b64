/**
 * How a table travels inside the extracted text: a marked block whose lines are the table's rows
 * as "cell | cell" text (what line-based readers such as the front-matter parser expect), and whose
 * marker names the table's index in the extraction's list of tables, where its data is.
 */
import type { TableGrid } from '@normas/contracts/tables';

const START = /^⟦tabela (\d+)⟧$/;
export const tableEndMarker = '⟦/tabela⟧';

export function tableStartMarker(index: number): string {
  return `⟦tabela ${index}⟧`;
}

/** The 1-based index of the table a start marker opens, or null when the line is no marker. */
export function tableMarkerIndex(line: string): number | null {
  const m = START.exec(line);
  return m ? Number(m[1]) : null;
}

export function isTableEndMarker(line: string): boolean {
  return line === tableEndMarker;
}

/** The rows as text lines, non-empty cells joined by " | ", then the notes. */
export function tableTextLines(grid: TableGrid): string[] {
  const rows = [...grid.headerRows, ...grid.bodyRows]
    .map((row) =>
      row
        .map((c) => c.text)
        .filter((t) => t !== '')
        .join(' | '),
    )
    .filter((line) => line !== '');
  return [...rows, ...grid.footnotes];
}
