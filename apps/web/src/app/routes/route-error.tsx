/** Last resort for a screen that crashed while rendering: a way out instead of a blank page. */
export function RouteError() {
  return (
    <main className="page page--centered">
      <h1 className="page-title">Algo deu errado</h1>
      <p className="page-lead">
        Não foi possível exibir esta página. Recarregue e tente novamente.
      </p>
      <p>
        <a className="button button--primary" href="/chat">
          Voltar ao início
        </a>
      </p>
    </main>
  );
}
