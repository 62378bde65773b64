/**
 * `npm run bench:suggestions [questions.jsonl...]`: coverage of the suggestions a user sees while
 * typing. For each answerable question of a set, the first two content words (stop words left out)
 * are typed; the suggestions are counted relevant when they are about one of the question's gold
 * regulations, or, for an FAQ or an asked question without a regulation, when they carry both
 * words. Target: at least 3 relevant suggestions for at least 90% of the dev questions. The pool is
 * the shipped FAQs and the titles of the imported corpus (a bench database has no users, so no
 * asked questions). Results in bench/results/suggestions.md.
 */
import path from 'node:path';
import { SUGGESTION_LIMIT } from '../packages/contracts/src/constants';
import { loadSeedFaqs } from '../apps/api/src/modules/faqs/faq-seed';
import { percentile } from '../apps/api/src/modules/retrieval/metrics';
import { createServedEngine } from '../apps/api/src/modules/retrieval/models';
import {
  contentWords,
  createSuggestionIndex,
  topicEntries,
  type PoolEntry,
} from '../apps/api/src/modules/suggestions/suggestion-pool';
import { benchQuestionSets, openBenchCorpus } from './lib/bench-corpus';
import { machineNote } from './lib/report';
import { runBench, writeBenchResult } from './lib/run';

const f = (n: number) => n.toFixed(3);
const MIN_RELEVANT = 3;

async function main(): Promise<void> {
  const sets = benchQuestionSets(process.argv.slice(2));
  const { database, sections, corpusDir } = await openBenchCorpus('normas-bench-retrieval');
  try {
    const engine = createServedEngine(sections);
    const faqs: PoolEntry[] = loadSeedFaqs().map((e) => ({
      id: `faq:${e.slug}`,
      text: e.pergunta,
      source: 'faq',
      code: e.citations[0]?.code ?? null,
      users: 0,
    }));
    const topics = topicEntries(sections);
    const index = createSuggestionIndex([...faqs, ...topics]);
    const rows: string[] = [];
    const misses: string[] = [];
    for (const set of sets) {
      let covered = 0;
      let counted = 0;
      let relevantSum = 0;
      const times: number[] = [];
      for (const q of set.questions) {
        if (q.gold.length === 0) continue;
        const typed = contentWords(q.question).slice(0, 2);
        if (typed.length === 0) continue;
        counted += 1;
        const search = typed.join(' ');
        const started = performance.now();
        const found = index.suggest(
          search,
          SUGGESTION_LIMIT,
          (text) => engine.search(text, { limit: 20 }).results,
        );
        times.push(performance.now() - started);
        const codes = new Set(q.gold.map((g) => g.code));
        const relevant = found.filter((s) =>
          s.code
            ? codes.has(s.code)
            : typed.every((w) =>
                s.Pergunta.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().includes(w),
              ),
        ).length;
        relevantSum += relevant;
        if (relevant >= MIN_RELEVANT) covered += 1;
        else misses.push(`  ${q.id} "${search}": ${relevant} relevantes de ${found.length}`);
      }
      rows.push(
        `| ${path.basename(set.file)} | ${counted} | ${f(covered / counted)} | ${(relevantSum / counted).toFixed(2)} | ${percentile(times, 50).toFixed(2)} | ${percentile(times, 95).toFixed(2)} |`,
      );
      process.stderr.write(`${path.basename(set.file)}: ok\n`);
    }
    const today = new Date().toISOString().slice(0, 10);
    const report = [
      '# Benchmark de sugestões (cobertura ao digitar)',
      '',
      `- Data: ${today}`,
      `- Acervo: ${new Set(sections.map((s) => s.code)).size} NRs de ${path.basename(corpusDir)}; conjunto: ${faqs.length} perguntas frequentes + ${topics.length} títulos de itens e anexos como perguntas (sem perguntas de usuários: a base do benchmark não tem usuários).`,
      `- Máquina: ${machineNote()}`,
      `- Para cada pergunta com resposta, digitam-se as duas primeiras palavras de conteúdo (sem palavras vazias) e pedem-se ${SUGGESTION_LIMIT} sugestões.`,
      `- **Cobertas**: fração das perguntas com ao menos ${MIN_RELEVANT} sugestões relevantes — sobre uma NR de referência da pergunta, ou, sem NR, contendo as duas palavras. Meta: ≥ 0,90 no dev.`,
      '- Tempo: só o cálculo no servidor (sem rede); o campo espera 300 ms de pausa na digitação antes de pedir.',
      '',
      '| Perguntas | N | Cobertas (≥ 3 relevantes) | Relevantes por pergunta | p50 ms | p95 ms |',
      '|---|---|---|---|---|---|',
      ...rows,
      '',
    ].join('\n');
    writeBenchResult('suggestions.md', report);
    process.stdout.write(report);
    process.stderr.write(`${misses.join('\n')}\n`);
  } finally {
    await database.close();
  }
}

runBench(main);
