import { CnaeSearchResponseSchema } from '@normas/contracts/establishments';
import { SUGGESTION_DEBOUNCE_MS } from '@normas/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { apiRequest } from '../../../lib/api-client';

/** CNAE classes of NR-04 Anexo I matching a code or words, after the usual typing pause. */
export function useCnaeSearch(text: string) {
  const search = useDebouncedValue(text.trim(), SUGGESTION_DEBOUNCE_MS);
  return useQuery({
    queryKey: ['cnae', search],
    queryFn: ({ signal }) =>
      apiRequest(`/delivery/cnae?search=${encodeURIComponent(search)}`, {
        schema: CnaeSearchResponseSchema,
        signal,
      }).then((r) => r.data),
    enabled: search.length >= 2,
    staleTime: 5 * 60_000,
  });
}
