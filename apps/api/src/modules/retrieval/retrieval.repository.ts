import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { regulations, sections } from '../../db/schema';
import type { IndexedSection } from './retrieval.types';

export function createRetrievalRepository(db: Db) {
  return {
    /** Every section with its regulation's code and title, in document order. */
    async listIndexedSections(): Promise<IndexedSection[]> {
      const rows = await db
        .select({
          sectionId: sections.id,
          regulationId: sections.regulationId,
          code: regulations.code,
          title: regulations.title,
          item: sections.item,
          number: sections.number,
          headingPath: sections.headingPath,
          content: sections.content,
          effectiveFrom: sections.effectiveFrom,
        })
        .from(sections)
        .innerJoin(regulations, eq(sections.regulationId, regulations.id))
        .orderBy(asc(regulations.code), asc(sections.number));
      return rows;
    },
  };
}
