/** The viewer's address of one item, the same shape answers use for their citations. */
export function sectionHref(regulationId: string, item: string): string {
  return `/regulations/${encodeURIComponent(regulationId)}#${encodeURIComponent(item)}`;
}
