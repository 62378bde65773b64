import { FAQ_SEARCH_DEBOUNCE_MS } from '@normas/contracts/constants';
import { useState } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useFaqList } from '../api/get-faqs';

export const FAQ_LOAD_ERROR = 'Ocorreu um erro ao carregar as perguntas frequentes.';

/** The FAQ list with a search box (spec §2 /faq); the search waits for a 300 ms typing pause. */
export function FaqList() {
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), FAQ_SEARCH_DEBOUNCE_MS);
  const faqs = useFaqList(search);
  const items = faqs.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <div className="faq">
      <div className="search-box" role="search">
        <label htmlFor="faq-search" className="visually-hidden">
          Buscar nas perguntas frequentes
        </label>
        <input
          id="faq-search"
          type="search"
          className="search-input"
          placeholder="Buscar nas perguntas frequentes"
          value={text}
          maxLength={200}
          onChange={(event) => setText(event.target.value)}
        />
      </div>

      {faqs.isPending ? (
        <p role="status">
          <Spinner /> Carregando perguntas…
        </p>
      ) : faqs.isError && !faqs.isFetchNextPageError ? (
        <p role="alert" className="form-error">
          {FAQ_LOAD_ERROR}
        </p>
      ) : items.length === 0 ? (
        <p className="empty-state">
          {search
            ? `Nenhuma pergunta encontrada para “${search}”.`
            : 'Ainda não há perguntas frequentes.'}
        </p>
      ) : (
        <>
          <ul
            className="faq-list"
            aria-label="Perguntas frequentes"
            aria-busy={faqs.isPlaceholderData}
          >
            {items.map((faq) => (
              <li key={faq.id}>
                <Link
                  className="faq-entry"
                  to={`/faq/${encodeURIComponent(faq.id)}`}
                  state={{ faq }}
                >
                  {faq.Pergunta}
                </Link>
              </li>
            ))}
          </ul>
          {faqs.isFetchNextPageError && (
            <p role="alert" className="form-error">
              {FAQ_LOAD_ERROR}
            </p>
          )}
          {faqs.hasNextPage && !faqs.isPlaceholderData && (
            <button
              type="button"
              className="button button--secondary load-more"
              onClick={() => void faqs.fetchNextPage()}
              disabled={faqs.isFetchingNextPage}
              aria-busy={faqs.isFetchingNextPage}
            >
              Carregar mais
              {faqs.isFetchingNextPage && <Spinner />}
            </button>
          )}
        </>
      )}
    </div>
  );
}
