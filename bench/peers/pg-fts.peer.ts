import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/api/src/db/client';
import { STOP_WORDS } from '../../apps/api/src/modules/retrieval/text/analyzer';
import { foldText } from '../../apps/api/src/modules/retrieval/text/normalize';
import type { BenchEngine } from './peer';

/**
 * `websearch_to_tsquery` ANDs every word, so a natural question ("o que a NR diz sobre...") matches
 * nothing. The peer stays within websearch syntax and joins the question's content words with "or",
 * stop words (ours, the same list every engine uses) removed.
 */
export function websearchOr(question: string): string {
  const words = foldText(question).match(/[a-z0-9]+/g) ?? [];
  return [...new Set(words.filter((w) => w.length > 1 && !STOP_WORDS.has(w)))].join(' or ');
}

/**
 * PostgreSQL full-text search over the same sections: `websearch_to_tsquery('portuguese', unaccent(q))`
 * against `to_tsvector('portuguese', unaccent(heading_path || ' ' || content))`, ranked by `ts_rank_cd`
 * with normalisation 1 (divided by 1 + log of the length), without which the longest tables win.
 * The vectors are precomputed in a GIN-indexed scratch table, as a real deployment would.
 */
export async function createPgFtsPeer(database: Database): Promise<BenchEngine> {
  await database.db.execute(sql`drop table if exists bench_fts`);
  await database.db.execute(sql`
    create table bench_fts as
      select s.id, r.code, s.item,
             to_tsvector('portuguese', unaccent(s.heading_path || ' ' || s.content)) as tsv
      from sections s join regulations r on r.id = s.regulation_id`);
  await database.db.execute(sql`create index bench_fts_tsv on bench_fts using gin (tsv)`);
  return {
    name: 'PostgreSQL FTS',
    abstentionRule:
      'nenhum resultado, ou 1º ts_rank_cd abaixo de um limiar escolhido nas mesmas perguntas',
    thresholdOnTopScore: true,
    inProcess: false,
    async search(question) {
      const result = await database.db.execute<{ code: string; item: string; score: number }>(sql`
        select code, item, ts_rank_cd(tsv, q, 1)::float8 as score
        from bench_fts, websearch_to_tsquery('portuguese', unaccent(${websearchOr(question)})) q
        where tsv @@ q
        order by score desc
        limit 10`);
      const rows = (result as unknown as { rows: { code: string; item: string; score: number }[] })
        .rows;
      return {
        abstained: rows.length === 0,
        results: rows.map((r) => ({ ...r, score: Number(r.score) })),
      };
    },
  };
}

export async function dropPgFtsPeer(database: Database): Promise<void> {
  await database.db.execute(sql`drop table if exists bench_fts`);
}
