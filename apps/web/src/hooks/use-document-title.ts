import { useEffect } from 'react';

const PRODUCT = 'Assistente de Normas';

/** Names the browser tab after the page, which is also what screen readers announce on navigation. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title === PRODUCT ? PRODUCT : `${title} | ${PRODUCT}`;
  }, [title]);
}
