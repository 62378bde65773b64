import { createServedEngine } from '/work/main/apps/api/src/modules/retrieval/models';
import { openBenchCorpus } from '/work/main/bench/lib/bench-corpus';
const { database, sections } = await openBenchCorpus('normas-bench-retrieval');
const engine = createServedEngine(sections);
for (const q of process.argv.slice(2)) {
  const r = engine.search(q, { limit: 8 });
  console.log('\n' + JSON.stringify(q), r.partial ? 'PARTIAL' : '', r.abstained ? 'ABST' : '');
  for (const x of r.results) console.log('  ', x.code, x.item, x.score?.toFixed?.(3), x.content.slice(0, 100).replace(/\n/g, ' '));
}
await database.close();
