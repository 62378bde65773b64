import type { HistoryItem } from '@normas/contracts/questions';
import { Link } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { formatTime } from '../../../lib/dates';
import { useHistoryList } from '../api/get-history';
import { groupHistoryByDay, previewQuestion } from '../utils/group-history';

export const HISTORY_LOAD_ERROR = 'Ocorreu um erro ao carregar o histórico de perguntas.';

function uniqueById(items: HistoryItem[]): HistoryItem[] {
  const seen = new Set<string>();
  // A question asked while paging shifts the pages by one; the repeat is dropped.
  return items.filter((item) => !seen.has(item.id) && Boolean(seen.add(item.id)));
}

/** The question history of spec §2: grouped by day, newest first, paged by "Carregar mais". */
export function HistoryList({ currentId }: { currentId?: string }) {
  const history = useHistoryList();

  if (history.isPending)
    return (
      <p role="status">
        <Spinner /> Carregando histórico…
      </p>
    );
  if (history.isError)
    return (
      <p role="alert" className="form-error">
        {HISTORY_LOAD_ERROR}
      </p>
    );

  const items = uniqueById(history.data.pages.flatMap((page) => page.data));
  if (items.length === 0)
    return (
      <div className="empty-state">
        <p>Você ainda não fez nenhuma pergunta.</p>
        <p>
          <Link to="/chat">Faça sua primeira pergunta no Chat de Normas</Link>
        </p>
      </div>
    );

  return (
    <div className="history">
      {groupHistoryByDay(items, new Date()).map((group) => (
        <section key={group.key} className="history-group" aria-labelledby={`day-${group.key}`}>
          <h2 id={`day-${group.key}`} className="history-day">
            {group.label}
          </h2>
          <ul className="history-list">
            {group.items.map((item) => (
              <li key={item.id}>
                <Link
                  className="history-entry"
                  to={`/history/${encodeURIComponent(item.id)}`}
                  state={{ question: item.question }}
                  aria-current={item.id === currentId ? 'page' : undefined}
                >
                  <span className="history-question">{previewQuestion(item.question)}</span>{' '}
                  <time className="history-time" dateTime={item.createdAt}>
                    {formatTime(item.createdAt)}
                  </time>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
      {history.isFetchNextPageError && (
        <p role="alert" className="form-error">
          {HISTORY_LOAD_ERROR}
        </p>
      )}
      {history.hasNextPage && (
        <button
          type="button"
          className="button button--secondary load-more"
          onClick={() => void history.fetchNextPage()}
          disabled={history.isFetchingNextPage}
          aria-busy={history.isFetchingNextPage}
        >
          Carregar mais
          {history.isFetchingNextPage && <Spinner />}
        </button>
      )}
    </div>
  );
}
