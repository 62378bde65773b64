/**
 * `npm run bench:suggestions [questions.jsonl...]`: coverage of the suggestions a user sees while
 * typing. For each answerable question of a set, the first two content words (stop words left out)
 * are typed; the suggestions are counted relevant when they are about one of the question's gold
 * regulations, or, for an FAQ or an asked question without a regulation, when they carry both
 * words. Target: at least 3 relevant suggestions for at least 90% of the dev questions. The pool is
 * the shipped FAQs, the example questions and the titles of the imported corpus (a bench database
 * has no users, so no asked questions); the known questions, never shown, vote for the regulation
 * the typed words are about. Results in bench/results/suggestions.md.
 */
import path from 'node:path';
import { SUGGESTION_LIMIT } from '../packages/contracts/src/constants';
import { loadSeedFaqs } from '../apps/api/src/modules/faqs/faq-seed';
import { percentile } from '../apps/api/src/modules/retrieval/metrics';
import {
  createServedEngine,
  DEFAULT_EXAMPLE_QUESTIONS,
  DEFAULT_ASKED_QUESTIONS,
} from '../apps/api/src/modules/retrieval/models';
import {
  contentWords,
  createSuggestionIndex,
  exampleEntries,
  knownVoters,
  topicEntries,
  type PoolEntry,
} from '../apps/api/src/modules/suggestions/suggestion-pool';
import { benchQuestionSets, openBenchCorpus } from './lib/bench-corpus';
import { machineNote } from './lib/report';
import { runBench, writeBenchResult } from './lib/run';

const f = (n: number) => n.toFixed(3);
const MIN_RELEVANT = 3;

/**
 * What the user has typed when the question's second content word is complete: the question from
 * its first letter ("Em qual item da NR-10 está a proibição"), regulation names included.
 */
export function typedPrefix(question: string): string {
  let count = 0;
  for (const m of question.matchAll(/[\p{L}\p{N}]+/gu)) {
    if (contentWords(m[0]).length === 0) continue;
    count += 1;
    if (count === 2) return question.slice(0, m.index + m[0].length);
  }
  return question;
}

interface Tally {
  covered: number;
  /** Questions with at least one relevant suggestion. */
  some: number;
  relevant: number;
  times: number[];
}

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
    const codes = new Set(sections.map((s) => s.code));
    const examples = exampleEntries(DEFAULT_EXAMPLE_QUESTIONS).filter(
      (e) => e.code !== null && codes.has(e.code),
    );
    const voters = knownVoters(DEFAULT_ASKED_QUESTIONS).filter((v) => codes.has(v.code));
    const index = createSuggestionIndex([...faqs, ...examples, ...topics], voters);
    const rows: string[] = [];
    const misses: string[] = [];
    const ask = (text: string) =>
      index.suggest(text, SUGGESTION_LIMIT, (t) => engine.search(t, { limit: 20 }).results);
    for (const set of sets) {
      let counted = 0;
      const words: Tally = { covered: 0, some: 0, relevant: 0, times: [] };
      const prefix: Tally = { covered: 0, some: 0, relevant: 0, times: [] };
      for (const q of set.questions) {
        if (q.gold.length === 0) continue;
        const typed = contentWords(q.question).slice(0, 2);
        if (typed.length === 0) continue;
        counted += 1;
        const gold = new Set(q.gold.map((g) => g.code));
        const judge = (text: string, tally: Tally, label: string) => {
          const started = performance.now();
          const found = ask(text);
          tally.times.push(performance.now() - started);
          const relevant = found.filter((s) =>
            s.code
              ? gold.has(s.code)
              : typed.every((w) =>
                  s.Pergunta.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().includes(w),
                ),
          ).length;
          tally.relevant += relevant;
          if (relevant >= 1) tally.some += 1;
          if (relevant >= MIN_RELEVANT) tally.covered += 1;
          else if (set === sets[0])
            misses.push(`  ${label} ${q.id} "${text}": ${relevant} relevantes de ${found.length}`);
        };
        judge(typed.join(' '), words, 'palavras');
        judge(typedPrefix(q.question), prefix, 'início');
      }
      const row = (t: Tally) =>
        `${f(t.covered / counted)} | ${f(t.some / counted)} | ${(t.relevant / counted).toFixed(2)} | ${percentile(t.times, 50).toFixed(2)} | ${percentile(t.times, 95).toFixed(2)}`;
      rows.push(`| ${path.basename(set.file)} | ${counted} | ${row(prefix)} | ${row(words)} |`);
      process.stderr.write(`${path.basename(set.file)}: ok\n`);
    }
    const today = new Date().toISOString().slice(0, 10);
    const report = [
      '# Benchmark de sugestões (cobertura ao digitar)',
      '',
      `- Data: ${today}`,
      `- Acervo: ${codes.size} NRs de ${path.basename(corpusDir)}; conjunto: ${faqs.length} perguntas frequentes + ${examples.length} perguntas de exemplo dos itens + ${topics.length} títulos de itens e anexos como perguntas (sem perguntas de usuários: a base do benchmark não tem usuários); ${voters.length} perguntas conhecidas, nunca mostradas, votam na NR de que as palavras digitadas tratam.`,
      `- Máquina: ${machineNote()}`,
      `- Para cada pergunta com resposta, pedem-se ${SUGGESTION_LIMIT} sugestões para o que foi digitado quando a segunda palavra de conteúdo está completa, de dois modos: **início** — a pergunta desde a primeira letra até essa palavra, como se digita ("Em qual item da NR-10 está a proibição"); **palavras** — só as duas palavras de conteúdo, sem palavras vazias nem números ("proibicao usar"), o caso mais difícil.`,
      `- **Cobertas**: fração das perguntas com ao menos ${MIN_RELEVANT} sugestões relevantes — sobre uma NR de referência da pergunta, ou, sem NR, contendo as duas palavras. Meta: ≥ 0,90 no dev. **≥ 1 relevante**: ao menos uma sugestão relevante entre as 8 (o que a pessoa queria está na lista).`,
      '- Tempo: só o cálculo no servidor (sem rede); o campo espera 300 ms de pausa na digitação antes de pedir.',
      '',
      '| Perguntas | N | Início: cobertas (≥ 3 relevantes) | Início: ≥ 1 relevante | Início: relevantes por pergunta | Início: p50 ms | Início: p95 ms | Palavras: cobertas | Palavras: ≥ 1 relevante | Palavras: relevantes por pergunta | Palavras: p50 ms | Palavras: p95 ms |',
      '|---|---|---|---|---|---|---|---|---|---|---|---|',
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
