import type { RegulationTable as Table, TableCell } from '@normas/contracts/tables';

/** Header rows: a header cell spanning columns heads a group (scope colgroup). */
function HeaderRow({ row }: { row: TableCell[] }) {
  return (
    <tr>
      {row.map((cell, i) =>
        // An empty corner cell heads nothing: a header cell must have text.
        cell.text === '' ? (
          <td
            key={i}
            colSpan={cell.colSpan > 1 ? cell.colSpan : undefined}
            rowSpan={cell.rowSpan > 1 ? cell.rowSpan : undefined}
          />
        ) : (
          <th
            key={i}
            scope={cell.colSpan > 1 ? 'colgroup' : 'col'}
            colSpan={cell.colSpan > 1 ? cell.colSpan : undefined}
            rowSpan={cell.rowSpan > 1 ? cell.rowSpan : undefined}
          >
            {cell.text}
          </th>
        ),
      )}
    </tr>
  );
}

/**
 * A Quadro/Tabela/Anexo of a regulation rendered from its data as printed: spanning headers, cells
 * spanning rows (a grau de risco over its professionals), the notes below. Wide tables scroll
 * sideways inside their own box.
 */
export function RegulationTable({
  table,
  caption,
}: {
  table: Pick<Table, 'label' | 'title' | 'headerRows' | 'bodyRows' | 'footnotes'>;
  /** Replaces "label – title" as the caption. */
  caption?: string;
}) {
  const title = caption ?? [table.label, table.title].filter(Boolean).join(' – ');
  return (
    <figure className="regulation-table">
      <div className="regulation-table-scroll" tabIndex={0} role="region" aria-label={title}>
        <table>
          <caption>{title}</caption>
          {table.headerRows.length > 0 && (
            <thead>
              {table.headerRows.map((row, r) => (
                <HeaderRow key={r} row={row} />
              ))}
            </thead>
          )}
          <tbody>
            {table.bodyRows.map((row, r) => (
              <tr key={r}>
                {row.map((cell, c) => (
                  <td
                    key={c}
                    colSpan={cell.colSpan > 1 ? cell.colSpan : undefined}
                    rowSpan={cell.rowSpan > 1 ? cell.rowSpan : undefined}
                  >
                    {cell.text}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {table.footnotes.length > 0 && (
        <figcaption className="regulation-table-notes">
          {table.footnotes.map((note, i) => (
            <p key={i}>{note}</p>
          ))}
        </figcaption>
      )}
    </figure>
  );
}
