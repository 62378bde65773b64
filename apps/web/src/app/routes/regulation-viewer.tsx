import { Link, useLocation, useParams } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { useRegulation } from '../../features/regulations/api/get-regulation';
import { RegulationViewer } from '../../features/regulations/components/regulation-viewer';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { ApiError } from '../../lib/api-client';

export const REGULATION_LOAD_ERROR = 'Não foi possível carregar a norma.';
export const REGULATION_NOT_FOUND = 'Norma não encontrada.';

/** The cited item comes in the hash, URL-encoded: "#Anexo%20II%201.3". */
function itemFromHash(hash: string): string | null {
  const raw = hash.replace(/^#/, '');
  if (!raw) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export function RegulationViewerRoute() {
  const { id = '' } = useParams();
  const { hash } = useLocation();
  const regulation = useRegulation(id);
  useDocumentTitle(regulation.data?.code ?? 'Norma');

  return (
    <div className="page page--wide">
      <p className="back-link">
        <Link to="/regulations">Voltar ao Assistente de Normas</Link>
        {' · '}
        <Link to="/regulations/index">Todas as normas</Link>
      </p>
      {regulation.isPending ? (
        <p role="status">
          <Spinner /> Carregando a norma…
        </p>
      ) : regulation.isError ? (
        <>
          <h1 className="page-title">Norma</h1>
          <p role="alert" className="form-error">
            {regulation.error instanceof ApiError && regulation.error.status === 404
              ? REGULATION_NOT_FOUND
              : REGULATION_LOAD_ERROR}
          </p>
        </>
      ) : (
        <RegulationViewer regulation={regulation.data} targetItem={itemFromHash(hash)} />
      )}
    </div>
  );
}
