import type { FaqSummary } from '@normas/contracts/faqs';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { faqs } from '../../db/schema';
import type { ItemRef } from '../questions/cited-sections.repository';

export type FaqRow = typeof faqs.$inferSelect;

export interface FaqSeedEntry {
  slug: string;
  pergunta: string;
  /** Markdown whose citation links name the regulation code: `/regulations/NR-35#35.2.1`. */
  answer: string;
  citations: ItemRef[];
  position: number;
}

/** Lower-case without accents, the way `unaccent(lower(...))` sees stored text. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Minimum pg_trgm word similarity for a misspelt or inflected word ("protecao" ~ "proteções") to match. */
const WORD_SIMILARITY = 0.6;

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export function createFaqsRepository(db: Db) {
  /** The matching FAQs, best first: whole text at the start, then a word start, then by similarity. */
  function matching(search: string) {
    const folded = foldText(search);
    const like = escapeLike(folded);
    const text = sql`unaccent(lower(${faqs.pergunta}))`;
    const where = sql`(
      ${text} like ${'%' + like + '%'}
      or to_tsvector('portuguese', ${text}) @@ plainto_tsquery('portuguese', ${folded})
      or word_similarity(${folded}, ${text}) >= ${WORD_SIMILARITY})`;
    const order = sql`
      (${text} like ${like + '%'}) desc,
      (' ' || ${text} like ${'% ' + like + '%'}) desc,
      greatest(
        word_similarity(${folded}, ${text}),
        ts_rank(to_tsvector('portuguese', ${text}), plainto_tsquery('portuguese', ${folded}))
      ) desc,
      ${faqs.position} asc`;
    return { where, order };
  }

  return {
    /** Inserts new seed FAQs and refreshes existing ones by slug: safe on every start. */
    async upsertSeed(entries: FaqSeedEntry[]): Promise<void> {
      if (entries.length === 0) return;
      await db
        .insert(faqs)
        .values(
          entries.map((e) => ({
            slug: e.slug,
            pergunta: e.pergunta,
            answer: e.answer,
            regulations: e.citations,
            position: e.position,
          })),
        )
        .onConflictDoUpdate({
          target: faqs.slug,
          set: {
            pergunta: sql`excluded.pergunta`,
            answer: sql`excluded.answer`,
            regulations: sql`excluded.regulations`,
            position: sql`excluded.position`,
            updatedAt: sql`now()`,
          },
          setWhere: sql`(${faqs.pergunta}, ${faqs.answer}, ${faqs.regulations}, ${faqs.position})
            is distinct from (excluded.pergunta, excluded.answer, excluded.regulations, excluded.position)`,
        });
    },

    async list(page: number, limit: number): Promise<{ data: FaqSummary[]; total: number }> {
      const [rows, [counted]] = await Promise.all([
        db
          .select({ id: faqs.id, Pergunta: faqs.pergunta })
          .from(faqs)
          .orderBy(asc(faqs.position), asc(faqs.slug))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ total: count() }).from(faqs),
      ]);
      return { data: rows, total: Number(counted?.total ?? 0) };
    },

    async findById(id: string): Promise<FaqRow | undefined> {
      const [row] = await db.select().from(faqs).where(eq(faqs.id, id)).limit(1);
      return row;
    },

    async search(
      search: string,
      page: number,
      limit: number,
    ): Promise<{ data: FaqSummary[]; total: number }> {
      const { where, order } = matching(search);
      const result = await db.execute(sql`
        select ${faqs.id} as id, ${faqs.pergunta} as "Pergunta", count(*) over () as total
        from ${faqs} where ${where} order by ${order}
        limit ${limit} offset ${(page - 1) * limit}`);
      const rows = rowsOf<FaqSummary & { total: number | string }>(result);
      if (rows.length === 0 && page > 1) {
        const [counted] = await db.select({ total: count() }).from(faqs).where(where);
        return { data: [], total: Number(counted?.total ?? 0) };
      }
      return {
        data: rows.map(({ id, Pergunta }) => ({ id, Pergunta })),
        total: Number(rows[0]?.total ?? 0),
      };
    },
  };
}

export type FaqsRepository = ReturnType<typeof createFaqsRepository>;
