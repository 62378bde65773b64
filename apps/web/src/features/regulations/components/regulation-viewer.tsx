import type { Regulation, Section } from '@normas/contracts/regulations';
import type { RegulationTable as Table } from '@normas/contracts/tables';
import { useEffect, useMemo, type ReactNode } from 'react';
import { RegulationTable } from '../../../components/regulation-table/regulation-table';
import { dayKey, formatCalendarDate } from '../../../lib/dates';

export const FUTURE_WORDING_NOTE =
  'Esta norma tem itens com redação que ainda não está em vigor; cada um deles mostra a data de início.';

export function sectionElementId(section: Pick<Section, 'number'>): string {
  return `item-${section.number}`;
}

function capitalize(text: string): string {
  return text.charAt(0).toLocaleUpperCase('pt-BR') + text.slice(1);
}

function Facts({ regulation }: { regulation: Regulation }) {
  const facts: [string, string][] = [
    ['Situação', capitalize(regulation.status)],
    ['Órgão', regulation.authority],
  ];
  if (regulation.issuedDate) facts.push(['Publicação', formatCalendarDate(regulation.issuedDate)]);
  if (regulation.revisedDate)
    facts.push(['Última revisão', formatCalendarDate(regulation.revisedDate)]);
  return (
    <dl className="regulation-facts">
      {facts.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Markdown escapes of the importer ("\\*Grau") as the printed text. */
function unescape(text: string): string {
  return text.replace(/\\([\\`*_[\]<>|])/g, '$1');
}

/**
 * A section's content with its tables as tables: the section a table starts in shows the whole
 * table from its data, the sections that continue it only their own text; the markdown copy of the
 * rows and of the notes (kept in the content for search and for answers) is not shown twice.
 */
function SectionContent({ section, tables }: { section: Section; tables: Table[] }) {
  const mine = tables.filter(
    (t) => section.number >= t.sectionNumber && section.number <= t.lastSectionNumber,
  );
  if (mine.length === 0) return <div className="regulation-item-content">{section.content}</div>;
  const notes = new Set(mine.flatMap((t) => t.footnotes));
  const parts: ReactNode[] = [];
  let tableIndex = 0;
  section.content.split('\n\n').forEach((block, i) => {
    if (block.startsWith('| ')) {
      const table = mine[Math.min(tableIndex++, mine.length - 1)]!;
      if (table.sectionNumber === section.number)
        parts.push(<RegulationTable key={`t${i}`} table={table} />);
      return;
    }
    if (notes.has(unescape(block))) return;
    parts.push(
      <div key={i} className="regulation-item-content">
        {block}
      </div>,
    );
  });
  if (mine.every((t) => t.sectionNumber !== section.number))
    parts.unshift(
      <p key="continued" className="regulation-item-path">
        Continuação de {mine[0]!.label} (tabela acima).
      </p>,
    );
  return <>{parts}</>;
}

/**
 * A regulation with all its items in document order. `targetItem` (the item printed as in the
 * document, e.g. "35.2.1" or "Anexo II 1.3") is highlighted, scrolled into view and focused.
 * Items are plain list entries: NR-28 alone has thousands, and the browser skips off-screen ones.
 */
export function RegulationViewer({
  regulation,
  targetItem,
}: {
  regulation: Regulation;
  targetItem: string | null;
}) {
  const today = dayKey(new Date());
  const target = targetItem
    ? (regulation.sections.find((section) => section.item === targetItem) ?? null)
    : null;
  const hasFutureWording = regulation.sections.some(
    (section) => section.effectiveFrom !== null && section.effectiveFrom.slice(0, 10) > today,
  );

  useEffect(() => {
    if (!target) return;
    const element = document.getElementById(sectionElementId(target));
    element?.scrollIntoView?.({ block: 'start' });
    element?.focus({ preventScroll: true });
  }, [target]);

  const items = useMemo(
    () =>
      regulation.sections.map((section) => {
        const highlighted = section.id === target?.id;
        const future =
          section.effectiveFrom !== null && section.effectiveFrom.slice(0, 10) > today
            ? formatCalendarDate(section.effectiveFrom)
            : null;
        return (
          <li
            key={section.id}
            id={sectionElementId(section)}
            className="regulation-item"
            data-highlighted={highlighted || undefined}
            tabIndex={-1}
          >
            <p className="regulation-item-label">
              {section.item}
              {highlighted && <span className="regulation-item-cited"> (item citado)</span>}
            </p>
            {section.headingPath && <p className="regulation-item-path">{section.headingPath}</p>}
            {future && (
              <p className="regulation-item-future">Redação em vigor a partir de {future}</p>
            )}
            <SectionContent section={section} tables={regulation.tables} />
          </li>
        );
      }),
    [regulation.sections, regulation.tables, target?.id, today],
  );

  return (
    <article className="regulation">
      <header className="regulation-header">
        <p className="regulation-code">{regulation.code}</p>
        <h1 className="page-title">{regulation.title}</h1>
        <Facts regulation={regulation} />
        {regulation.description && <p className="page-lead">{regulation.description}</p>}
      </header>
      {hasFutureWording && (
        <p role="note" className="notice">
          {FUTURE_WORDING_NOTE}
        </p>
      )}
      {targetItem && !target && (
        <p role="status" className="notice">
          O item {targetItem} não foi encontrado nesta norma.
        </p>
      )}
      <ol className="regulation-items" aria-label={`Itens da ${regulation.code}`}>
        {items}
      </ol>
    </article>
  );
}
