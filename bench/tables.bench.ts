/**
 * How the corpus's ruled tables parse: per NR, the tables found (tables continued over pages
 * counted once), their rows, and how many have a consistent column count — every header and body
 * row covers the table's columns exactly, spans included, with no gap and no overlap. Tables whose
 * body has merged cells (section rows, a grau spanning its professionals) are counted apart: they
 * are consistent, but a reader should look at them. Writes bench/results/tables.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { TableCell } from '@normas/contracts/tables';
import { REPO_ROOT, SHIPPED_CORPUS_DIR } from '../apps/api/src/config';
import { extractDocument } from '../apps/api/src/modules/regulations/import/extract-text';
import { parseRegulation } from '../apps/api/src/modules/regulations/parse/parse-regulation';
import { machineNote } from './lib/report';
import { runBench, writeBenchResult } from './lib/run';

/** Whether HTML-model rows tile a rows × columnCount grid exactly. */
export function tilesExactly(rows: TableCell[][], columnCount: number): boolean {
  const taken: boolean[][] = rows.map(() => new Array<boolean>(columnCount).fill(false));
  for (const [r, row] of rows.entries()) {
    let c = 0;
    for (const cell of row) {
      while (c < columnCount && taken[r]![c]) c++;
      if (c + cell.colSpan > columnCount || r + cell.rowSpan > rows.length) return false;
      for (let dr = 0; dr < cell.rowSpan; dr++)
        for (let dc = 0; dc < cell.colSpan; dc++) {
          if (taken[r + dr]![c + dc]) return false;
          taken[r + dr]![c + dc] = true;
        }
      c += cell.colSpan;
    }
  }
  return taken.every((row) => row.every(Boolean));
}

interface Row {
  code: string;
  tables: number;
  rows: number;
  consistent: number;
  merged: number;
  named: number;
  ms: number;
  inconsistent: string[];
}

async function main() {
  const corpusDir = process.env.NORMAS_CORPUS_DIR
    ? path.resolve(REPO_ROOT, process.env.NORMAS_CORPUS_DIR)
    : SHIPPED_CORPUS_DIR;
  const files = fs
    .readdirSync(corpusDir)
    .filter((f) => f.endsWith('.pdf'))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  const machine = machineNote();
  const results: Row[] = [];
  for (const file of files) {
    const started = performance.now();
    const document = await extractDocument(
      file,
      new Uint8Array(fs.readFileSync(path.join(corpusDir, file))),
    );
    const parsed = parseRegulation(document.text, file, document.tables);
    const ms = performance.now() - started;
    const tables = parsed.tables ?? [];
    const row: Row = {
      code: parsed.code,
      tables: tables.length,
      rows: tables.reduce((n, t) => n + t.grid.bodyRows.length, 0),
      consistent: 0,
      merged: 0,
      named: 0,
      ms,
      inconsistent: [],
    };
    for (const t of tables) {
      const all = [...t.grid.headerRows, ...t.grid.bodyRows];
      if (tilesExactly(all, t.grid.columnCount)) row.consistent++;
      else row.inconsistent.push(t.label);
      if (t.grid.bodyRows.some((r) => r.some((c) => c.colSpan > 1 || c.rowSpan > 1))) row.merged++;
      if (!/^Tabela( do item| \d+$)/.test(t.label) || t.title) row.named++;
    }
    results.push(row);
    process.stderr.write(`${parsed.code}: ${row.tables} tabelas, ${row.consistent} consistentes\n`);
  }
  const sum = (f: (r: Row) => number) => results.reduce((n, r) => n + f(r), 0);
  const total = sum((r) => r.tables);
  const lines = [
    '# Tabelas do acervo',
    '',
    `- Data: ${new Date().toISOString().slice(0, 10)}`,
    `- Acervo: ${files.length} PDFs oficiais (${path.relative(REPO_ROOT, corpusDir)})`,
    `- Máquina: ${machine}`,
    '- Como: `npm run bench:tables` extrai cada PDF como o importador (pdf.js; a grade de cada tabela vem das linhas de borda da página, células mescladas onde falta a borda) e conta as tabelas do texto das NRs (as de antes do primeiro item, como o quadro de alterações, não contam).',
    '- "Colunas consistentes": toda linha do cabeçalho e do corpo cobre exatamente as colunas da tabela, contando as mesclas, sem lacuna nem sobreposição.',
    '- "Com células mescladas no corpo": linhas de seção (CNAE), grau de risco sobre vários profissionais etc.; consistentes, mas merecem leitura.',
    '- "Nomeadas": com legenda ("Quadro I", "Tabela 2", o título do Anexo); as outras recebem "Tabela do item …" ou "Tabela N".',
    '',
    `**${sum((r) => r.consistent)} de ${total} tabelas** com colunas consistentes; ${sum((r) => r.rows)} linhas de corpo; ${sum((r) => r.merged)} com células mescladas no corpo; ${sum((r) => r.named)} nomeadas pela legenda.`,
    '',
    '| NR | Tabelas | Linhas | Colunas consistentes | Com células mescladas no corpo | Nomeadas | Extração + análise (ms) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...results.map(
      (r) =>
        `| ${r.code} | ${r.tables} | ${r.rows} | ${r.consistent}${r.inconsistent.length ? ` (fora: ${r.inconsistent.join(', ')})` : ''} | ${r.merged} | ${r.named} | ${r.ms.toFixed(0)} |`,
    ),
    '',
    'Tabelas sem borda (texto alinhado por espaços) não são detectadas e continuam como linhas de texto "célula | célula" no item; tabelas longas (Anexo I da NR-04, 1.065 linhas) são cortadas por linhas entre seções, com o cabeçalho repetido em cada uma.',
    '',
  ];
  const file = writeBenchResult('tables.md', lines.join('\n'));
  process.stderr.write(`Resultado em ${path.relative(REPO_ROOT, file)}\n`);
}

runBench(main);
