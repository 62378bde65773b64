import { Spinner } from './spinner';

export function PageLoading() {
  return (
    <main className="page-loading">
      <p role="status">
        <Spinner /> Carregando…
      </p>
    </main>
  );
}
