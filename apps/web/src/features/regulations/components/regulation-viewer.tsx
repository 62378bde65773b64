import type { Regulation, Section } from '@normas/contracts/regulations';
import { useEffect, useMemo } from 'react';
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
