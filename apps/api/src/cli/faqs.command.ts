import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { createAnswerEngine } from '../modules/answers/create-answer-engine';
import { FaqSeedFileSchema, type FaqSeedFile } from '../modules/faqs/faq-seed';
import { generateFaqAnswers } from '../modules/faqs/faq-generator';
import seedFile from '../modules/faqs/seed/faqs.pt-BR.json' with { type: 'json' };
import { loadRetrievalIndex } from '../modules/retrieval/retrieval.service';
import { openCliDatabase } from './open-cli-database';
import { UsageError } from './usage-error';

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  if (at === -1) return undefined;
  const value = args[at + 1];
  if (!value || value.startsWith('--')) throw new UsageError(`Informe um valor para ${name}.`);
  return value;
}

/**
 * `normas faqs generate --out <arquivo> [--in <arquivo>] [--force]`: answers each FAQ question with
 * retrieval + the configured engine over the imported corpus and writes the seed file. Entries marked
 * `reviewed` (read and approved, perhaps edited by hand) are kept unless `--force`.
 */
export async function runFaqsCommand(args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  if (sub !== 'generate') throw new UsageError('Subcomando inválido.');
  const out = option(rest, '--out');
  if (!out) throw new UsageError('Informe o arquivo de saída com --out.');
  const input = option(rest, '--in');
  const source: FaqSeedFile = FaqSeedFileSchema.parse(
    input ? (JSON.parse(fs.readFileSync(path.resolve(input), 'utf8')) as unknown) : seedFile,
  );

  const config = loadConfig();
  const database = await openCliDatabase();
  try {
    const retrieval = loadRetrievalIndex(database.db);
    if ((await retrieval.ready()).size === 0) {
      process.stderr.write('Nenhuma norma importada. Rode antes: normas import <pasta>\n');
      return 1;
    }
    const generated = await generateFaqAnswers(
      source.faqs,
      // The shipped answers come from the extractive engine: reproducible and quoting the NR text itself.
      { retrieval, answers: createAnswerEngine({ ...config, answerEngine: 'extractive' }) },
      {
        force: rest.includes('--force'),
        onProgress: ({ faq, abstained, regenerated }, index) => {
          const cited = faq.citations.map((c) => `${c.code} ${c.item}`).join('; ') || '—';
          const state = !regenerated ? 'revisada, mantida' : abstained ? 'ABSTEVE-SE' : cited;
          process.stderr.write(`[${index + 1}/${source.faqs.length}] ${faq.slug}: ${state}\n`);
        },
      },
    );
    const file: FaqSeedFile = { faqs: generated.map((g) => g.faq) };
    fs.writeFileSync(path.resolve(out), `${JSON.stringify(file, null, 2)}\n`);
    const abstained = generated.filter((g) => g.abstained).length;
    process.stdout.write(
      `${generated.length} perguntas escritas em ${out} (${abstained} sem resposta da base).\n`,
    );
    return 0;
  } finally {
    await database.close();
  }
}
