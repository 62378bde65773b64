import { createServedEngine } from '../modules/retrieval/models';
import type { RankedSection } from '../modules/retrieval/retrieval.types';
import { withImportedSections } from './open-cli-database';
import { UsageError } from './usage-error';

const ABSTAIN_MESSAGE =
  'As NRs importadas não cobrem esta pergunta com segurança; nenhum item foi indicado como resposta.';

function firstLine(content: string): string {
  const line = content.split('\n')[0]!.trim();
  return line.length > 160 ? `${line.slice(0, 157)}...` : line;
}

function formatResult(r: RankedSection, position: number): string {
  return `${String(position).padStart(2)}. ${r.code} ${r.item}  (${r.score.toFixed(3)})\n    ${firstLine(r.content)}`;
}

/** `normas ask "<pergunta>" [--json]`: the ranked items retrieval finds for one question. */
export async function runAskCommand(args: string[]): Promise<number> {
  const json = args.includes('--json');
  const question = args
    .filter((a) => a !== '--json')
    .join(' ')
    .trim();
  if (!question) throw new UsageError('Informe a pergunta entre aspas.');
  return withImportedSections((sections) => {
    const engine = createServedEngine(sections);
    const result = engine.search(question, { limit: 10 });
    if (json) {
      process.stdout.write(`${JSON.stringify({ question, ...result })}\n`);
      return 0;
    }
    const lines = [`Pergunta: ${question}`, `Confiança: ${result.confidence.toFixed(2)}`];
    if (result.abstained) {
      lines.push(ABSTAIN_MESSAGE);
      if (result.results.length > 0) lines.push('Itens mais próximos (baixa confiança):');
    }
    lines.push(...result.results.map((r, i) => formatResult(r, i + 1)));
    process.stdout.write(`${lines.join('\n')}\n`);
    return 0;
  });
}
