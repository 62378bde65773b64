import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../config';
import { trainRetrievalModels } from '../modules/retrieval/training';
import { readQuestions } from './eval.command';
import { withImportedSections } from './open-cli-database';
import { UsageError } from './usage-error';

/** Where the server reads its models from (see modules/retrieval/models.ts). */
export const MODELS_DIR = path.join(REPO_ROOT, 'apps/api/src/modules/retrieval/data');

const pct = (n: number) => n.toFixed(3);

/**
 * Training files that only expand the index (`coverage-*.jsonl`): questions for the items that few
 * or no other training questions ask for. They are not read by the models (decision 0060).
 */
export const COVERAGE_FILE = /^coverage-.*\.jsonl$/;

const sortedEntries = (map: Map<string, string[]>) =>
  Object.fromEntries([...map].sort(([a], [b]) => a.localeCompare(b)));

/** A JSON Lines file as given, or every `.jsonl` file of a folder in name order. */
function questionFiles(file: string): string[] {
  if (!fs.existsSync(file)) throw new UsageError(`Arquivo não encontrado: ${file}`);
  if (!fs.statSync(file).isDirectory()) return [file];
  const inside = fs
    .readdirSync(file)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .map((f) => path.join(file, f));
  if (inside.length === 0) throw new UsageError(`Nenhum arquivo .jsonl em ${file}`);
  return inside;
}

/**
 * `normas train-retrieval --questions <a.jsonl|pasta> [--questions <b.jsonl>...] [--out <pasta>]`: trains
 * the reranker and the answerability classifier on question sets written for training (never on the
 * evaluation sets), over the imported corpus, and writes them as data.
 */
export async function runTrainCommand(args: string[]): Promise<number> {
  const files: string[] = [];
  let out = MODELS_DIR;
  for (let i = 0; i < args.length; i += 2) {
    const [flag, value] = [args[i], args[i + 1]];
    if (flag === '--questions' && value) files.push(value);
    else if (flag === '--out' && value) out = path.resolve(value);
    else throw new UsageError(`Argumento inesperado: ${flag}`);
  }
  if (files.length === 0) throw new UsageError('Informe ao menos um arquivo com --questions.');
  const read = files.flatMap((f) => questionFiles(f));
  const isCoverage = (f: string) => COVERAGE_FILE.test(path.basename(f));
  const questions = read.filter((f) => !isCoverage(f)).flatMap((f) => readQuestions(f));
  const coverage = read.filter(isCoverage).flatMap((f) => readQuestions(f));
  return withImportedSections((sections) => {
    const { models, knownQuestions, knownConversations, knownCoverage, report } =
      trainRetrievalModels(sections, questions, {}, coverage);
    const trainedOn = {
      files: read.map((f) => path.basename(f)),
      sections: sections.length,
      report,
    };
    fs.mkdirSync(out, { recursive: true });
    for (const [name, model] of Object.entries(models)) {
      const file = path.join(out, `${name}.model.json`);
      fs.writeFileSync(file, `${JSON.stringify({ ...model, trainedOn }, null, 2)}\n`);
      process.stderr.write(`Modelo gravado em ${path.relative(process.cwd(), file)}\n`);
    }
    const knownFile = path.join(out, 'known-questions.json');
    const known = {
      description:
        'Perguntas de treino por item que as responde (código|item em minúsculas), e conversas de treino pelo item que a última mensagem pede, cada uma num texto só, e conversas de cobertura (coverage-*.jsonl), uma por item que nenhuma outra pede: todas expandem o índice, para que o item seja achado também pelas palavras de quem pergunta; só as perguntas viram sugestões, e as de cobertura não dizem de que NR as palavras tratam. Gerado por "npm run train:retrieval"; não editar à mão.',
      items: sortedEntries(knownQuestions),
      conversations: sortedEntries(knownConversations),
      coverage: sortedEntries(knownCoverage),
    };
    fs.writeFileSync(knownFile, `${JSON.stringify(known, null, 2)}\n`);
    process.stderr.write(
      `Perguntas conhecidas gravadas em ${path.relative(process.cwd(), knownFile)}\n`,
    );
    const r = report;
    process.stderr.write(
      [
        `Perguntas: ${r.questions} (${r.answerable} com itens de referência, ${r.outOfCorpus} fora do acervo)`,
        `Validação cruzada — Recall@1: manual ${pct(r.recallAt1.hand)}, aprendido ${pct(r.recallAt1.learned)}; Recall@5: manual ${pct(r.recallAt5.hand)}, aprendido ${pct(r.recallAt5.learned)}`,
        `Abstenção fora do acervo: manual ${pct(r.abstention.hand)}, aprendida ${pct(r.abstention.learned)}`,
        `Abstenção indevida: manual ${pct(r.falseAbstention.hand)}, aprendida ${pct(r.falseAbstention.learned)}`,
      ].join('\n') + '\n',
    );
    return 0;
  });
}
