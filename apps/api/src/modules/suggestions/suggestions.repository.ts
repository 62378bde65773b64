import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { PoolEntry, TitledSection } from './suggestion-pool';

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** How many asked questions the pool keeps at most (the most asked first). */
const ASKED_POOL_LIMIT = 2000;

export function createSuggestionsRepository(db: Db) {
  return {
    /** Each distinct heading of each regulation with the regulation's code and title. */
    async listTitledSections(): Promise<TitledSection[]> {
      const result = await db.execute(sql`
        select distinct r.code as code, r.title as title, s.heading_path as "headingPath"
        from sections s join regulations r on r.id = s.regulation_id
        order by 1, 3`);
      return rowsOf<TitledSection>(result);
    },

    /** The FAQs' questions with the regulations they cite. */
    async listFaqs(): Promise<PoolEntry[]> {
      const result = await db.execute(sql`
        select id, pergunta, regulations from faqs order by position, slug`);
      return rowsOf<{ id: string; pergunta: string; regulations: { code?: string }[] }>(result).map(
        (r) => ({
          id: `faq:${r.id}`,
          text: r.pergunta,
          source: 'faq' as const,
          code: r.regulations.find((c) => typeof c.code === 'string')?.code ?? null,
          users: 0,
        }),
      );
    },

    /**
     * Questions that at least `minUsers` distinct users asked, the same text without accents,
     * case or extra spaces; answered questions only (a question the base could not answer is not
     * a good suggestion); shown as most of them wrote it. No text asked by fewer users ever leaves
     * the database.
     */
    async listAskedQuestions(minUsers: number): Promise<PoolEntry[]> {
      const result = await db.execute(sql`
        select mode() within group (order by question) as text, count(distinct user_id)::int as users,
          md5(unaccent(lower(regexp_replace(trim(question), '\\s+', ' ', 'g')))) as key
        from questions
        where not abstained and length(question) between 8 and 200
        group by unaccent(lower(regexp_replace(trim(question), '\\s+', ' ', 'g')))
        having count(distinct user_id) >= ${minUsers}
        order by users desc, text asc
        limit ${ASKED_POOL_LIMIT}`);
      return rowsOf<{ text: string; users: number; key: string }>(result).map((r) => ({
        id: `asked:${r.key}`,
        text: r.text.trim().replace(/\s+/g, ' '),
        source: 'asked' as const,
        code: null,
        users: Number(r.users),
      }));
    },
  };
}
