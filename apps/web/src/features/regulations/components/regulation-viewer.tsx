import type { Regulation, Section } from '@normas/contracts/regulations';
import { useEffect, useMemo } from 'react';
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
            <div className="regulation-item-content">{section.content}</div>
          </li>
        );
      }),
    [regulation.sections, target?.id, today],
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
