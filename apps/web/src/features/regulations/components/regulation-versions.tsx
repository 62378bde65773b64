import { countChanges, type RegulationVersion } from '@normas/contracts/regulations';
import { useId } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { formatDate } from '../../../lib/dates';
import { useRegulationVersions } from '../api/get-regulation-versions';
import { changeSummary, versionLabel } from '../utils/version-text';

export const VERSIONS_ELEMENT_ID = 'versoes';
export const VERSIONS_LOAD_ERROR = 'Não foi possível carregar o histórico de versões.';

function Changes({
  version,
  currentItems,
}: {
  version: RegulationVersion;
  currentItems: Set<string>;
}) {
  const { changes } = version;
  if (!changes) return <p>Primeira versão importada nesta base.</p>;
  // An item of the text in force opens in place (the viewer reads the item from the hash).
  const link = (item: string) =>
    version.replacedAt === null && currentItems.has(item) ? (
      <a href={`#${encodeURIComponent(item)}`}>{item}</a>
    ) : (
      item
    );
  return (
    <>
      <p>{changeSummary(countChanges(changes))}.</p>
      {changes.added.length > 0 && (
        <div className="version-changes">
          <h4>Itens incluídos</h4>
          <ul>
            {changes.added.map(({ item }) => (
              <li key={item}>{link(item)}</li>
            ))}
          </ul>
        </div>
      )}
      {changes.reworded.length > 0 && (
        <div className="version-changes">
          <h4>Itens com nova redação</h4>
          <ul>
            {changes.reworded.map(({ item, before }) => (
              <li key={item}>
                {link(item)}
                <details>
                  <summary>Redação anterior</summary>
                  <div className="regulation-item-content">{before}</div>
                </details>
              </li>
            ))}
          </ul>
        </div>
      )}
      {changes.removed.length > 0 && (
        <div className="version-changes">
          <h4>Itens removidos</h4>
          <ul>
            {changes.removed.map(({ item, content }) => (
              <li key={item}>
                {item}
                <details>
                  <summary>Texto removido</summary>
                  <div className="regulation-item-content">{content}</div>
                </details>
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}

/** The versions of a regulation imported here, newest first, with what each one changed. */
export function RegulationVersions({
  regulationId,
  currentItems,
}: {
  regulationId: string;
  /** The printed items of the text in force, to link the changed ones to it. */
  currentItems: Set<string>;
}) {
  const headingId = useId();
  const versions = useRegulationVersions(regulationId, true);
  return (
    <section
      id={VERSIONS_ELEMENT_ID}
      className="regulation-versions"
      aria-labelledby={headingId}
      tabIndex={-1}
    >
      <h2 id={headingId}>Histórico de versões</h2>
      {versions.isPending ? (
        <p role="status">
          <Spinner /> Carregando as versões…
        </p>
      ) : versions.isError ? (
        <p role="alert" className="form-error">
          {VERSIONS_LOAD_ERROR}
        </p>
      ) : (
        <ol className="version-list">
          {versions.data.map((version) => (
            <li key={version.id}>
              <h3>
                {versionLabel(version)}
                {version.replacedAt === null ? ' — em vigor' : ''}
              </h3>
              <p className="version-dates">
                Importada em {formatDate(version.importedAt)}
                {version.replacedAt ? `, substituída em ${formatDate(version.replacedAt)}` : ''}.
              </p>
              <Changes version={version} currentItems={currentItems} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The latest version that removed `item`, with the text the item had, if any did. */
export function findRemoval(
  versions: RegulationVersion[] | undefined,
  item: string,
): { version: RegulationVersion; content: string } | null {
  for (const version of versions ?? []) {
    const removed = version.changes?.removed.find((r) => r.item === item);
    if (removed) return { version, content: removed.content };
  }
  return null;
}
