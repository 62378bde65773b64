import type { Regulation, Section } from '@normas/contracts/regulations';
import type { RegulationTable as Table } from '@normas/contracts/tables';
import { useEffect, useMemo, type ReactNode } from 'react';
import { RegulationTable } from '../../../components/regulation-table/regulation-table';
import { dayKey, formatCalendarDate, formatDate } from '../../../lib/dates';
import { useRegulationVersions } from '../api/get-regulation-versions';
import { updateNote, versionLabel } from '../utils/version-text';
import { findRemoval, RegulationVersions, VERSIONS_ELEMENT_ID } from './regulation-versions';

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
  if (regulation.version) facts.push(['Versão', versionLabel(regulation.version)]);
  if (regulation.version?.wordingAct)
    facts.push(['Redação dada por', regulation.version.wordingAct]);
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

/** Where the text comes from: the official file, its SHA-256 and when it was imported. */
function Provenance({ version }: { version: NonNullable<Regulation['version']> }) {
  return (
    <details className="regulation-provenance">
      <summary>Procedência do texto</summary>
      <dl className="regulation-facts">
        <div>
          <dt>Arquivo oficial</dt>
          <dd>
            {version.sourceUrl ? (
              <a href={version.sourceUrl} target="_blank" rel="noreferrer">
                {version.sourceFile}
              </a>
            ) : (
              version.sourceFile
            )}
          </dd>
        </div>
        <div>
          <dt>SHA-256</dt>
          <dd>
            <code className="regulation-sha">{version.sha256}</code>
          </dd>
        </div>
        <div>
          <dt>Importado em</dt>
          <dd>{formatDate(version.importedAt)}</dd>
        </div>
      </dl>
    </details>
  );
}

/** Says that the item cited is no longer in force, with the text it had, when a version removed it. */
function MissingItem({ regulation, item }: { regulation: Regulation; item: string }) {
  const hasHistory = (regulation.version?.versionCount ?? 1) > 1;
  const versions = useRegulationVersions(regulation.id, hasHistory);
  const removal = findRemoval(versions.data, item);
  if (hasHistory && versions.isPending) return null;
  if (!removal) {
    return (
      <p role="status" className="notice">
        O item {item} não foi encontrado nesta norma.
      </p>
    );
  }
  return (
    <div role="status" className="notice">
      <p>
        O item {item} foi removido desta norma pela versão {versionLabel(removal.version)}. Texto
        que ele tinha:
      </p>
      <div className="regulation-item-content">{removal.content}</div>
    </div>
  );
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
  const showVersions = targetItem === VERSIONS_ELEMENT_ID;
  const target =
    targetItem && !showVersions
      ? (regulation.sections.find((section) => section.item === targetItem) ?? null)
      : null;
  const currentItems = useMemo(
    () => new Set(regulation.sections.map((section) => section.item)),
    [regulation.sections],
  );
  const update = regulation.version ? updateNote(regulation.version) : null;
  const hasFutureWording = regulation.sections.some(
    (section) => section.effectiveFrom !== null && section.effectiveFrom.slice(0, 10) > today,
  );

  useEffect(() => {
    if (!target && !showVersions) return;
    const element = document.getElementById(
      target ? sectionElementId(target) : VERSIONS_ELEMENT_ID,
    );
    element?.scrollIntoView?.({ block: 'start' });
    element?.focus({ preventScroll: true });
  }, [target, showVersions]);

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
        {regulation.version && <Provenance version={regulation.version} />}
        {regulation.description && <p className="page-lead">{regulation.description}</p>}
      </header>
      {update && (
        <p role="note" className="notice">
          {update} <a href={`#${VERSIONS_ELEMENT_ID}`}>Ver o que mudou</a>
        </p>
      )}
      {hasFutureWording && (
        <p role="note" className="notice">
          {FUTURE_WORDING_NOTE}
        </p>
      )}
      {targetItem && !target && !showVersions && (
        <MissingItem regulation={regulation} item={targetItem} />
      )}
      <ol className="regulation-items" aria-label={`Itens da ${regulation.code}`}>
        {items}
      </ol>
      {((regulation.version?.versionCount ?? 1) > 1 || showVersions) && (
        <RegulationVersions regulationId={regulation.id} currentItems={currentItems} />
      )}
    </article>
  );
}
