import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/api/src/db/client';
import type { BenchEngine } from './peer';

/**
 * PostgreSQL full-text search over the same sections: `websearch_to_tsquery('portuguese', unaccent(q))`
 * against `to_tsvector('portuguese', unaccent(heading_path || ' ' || content))`, ranked by `ts_rank_cd`.
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
    abstentionRule: 'nenhum resultado',
    async search(question) {
      const result = await database.db.execute<{ code: string; item: string; score: number }>(sql`
        select code, item, ts_rank_cd(tsv, q)::float8 as score
        from bench_fts, websearch_to_tsquery('portuguese', unaccent(${question})) q
        where tsv @@ q
        order by score desc
        limit 10`);
      const rows = (result as unknown as { rows: { code: string; item: string; score: number }[] }).rows;
      return { abstained: rows.length === 0, results: rows.map((r) => ({ ...r, score: Number(r.score) })) };
    },
  };
}

export async function dropPgFtsPeer(database: Database): Promise<void> {
  await database.db.execute(sql`drop table if exists bench_fts`);
}
