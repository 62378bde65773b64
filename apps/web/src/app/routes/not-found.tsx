import { Link } from 'react-router';
import { useDocumentTitle } from '../../hooks/use-document-title';

export function NotFoundRoute() {
  useDocumentTitle('Página não encontrada');
  return (
    <div className="page">
      <h1 className="page-title">Página não encontrada</h1>
      <p className="page-lead">O endereço acessado não existe ou foi movido.</p>
      <p>
        <Link className="button button--primary" to="/chat">
          Ir para o Chat de Normas
        </Link>
      </p>
    </div>
  );
}
