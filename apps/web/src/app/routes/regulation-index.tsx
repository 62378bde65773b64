import { Link } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { useRegulations } from '../../features/regulations/api/get-regulations';
import { updateNote, versionLabel } from '../../features/regulations/utils/version-text';
import { useDocumentTitle } from '../../hooks/use-document-title';

export const REGULATION_INDEX_TITLE = 'Normas em vigor';
export const REGULATION_INDEX_ERROR = 'Não foi possível carregar a lista de normas.';

/** Every regulation in the knowledge base, with the version of its text and its latest update. */
export function RegulationIndexRoute() {
  const regulations = useRegulations();
  useDocumentTitle(REGULATION_INDEX_TITLE);

  return (
    <div className="page page--wide">
      <h1 className="page-title">{REGULATION_INDEX_TITLE}</h1>
      <p className="page-lead">
        As respostas do assistente citam estes textos oficiais do Ministério do Trabalho e Emprego.
        Cada norma mostra a versão em vigor: o último ato que alterou o texto e a data da sua
        publicação no Diário Oficial da União.
      </p>
      {regulations.isPending ? (
        <p role="status">
          <Spinner /> Carregando as normas…
        </p>
      ) : regulations.isError ? (
        <p role="alert" className="form-error">
          {REGULATION_INDEX_ERROR}
        </p>
      ) : regulations.data.length === 0 ? (
        <p role="status">Nenhuma norma foi importada ainda.</p>
      ) : (
        <table className="regulation-index">
          <caption className="visually-hidden">
            {regulations.data.length} normas, por código
          </caption>
          <thead>
            <tr>
              <th scope="col">Norma</th>
              <th scope="col">Versão em vigor</th>
              <th scope="col">Itens</th>
            </tr>
          </thead>
          <tbody>
            {regulations.data.map((regulation) => {
              const note = regulation.version ? updateNote(regulation.version) : null;
              return (
                <tr key={regulation.id}>
                  <th scope="row">
                    <Link to={`/regulations/${encodeURIComponent(regulation.id)}`}>
                      {regulation.code}
                    </Link>
                    <span className="regulation-index-title">{regulation.title}</span>
                  </th>
                  <td>
                    {regulation.version ? versionLabel(regulation.version) : '—'}
                    {note && (
                      <span className="regulation-index-update">
                        <Link to={`/regulations/${encodeURIComponent(regulation.id)}#versoes`}>
                          {note}
                        </Link>
                      </span>
                    )}
                  </td>
                  <td>{regulation.sectionCount.toLocaleString('pt-BR')}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </div>
  );
}
