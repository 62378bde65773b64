/**
 * Quoting an item that is a table (a Quadro, a Tabela, an Anexo the importer wrote as a markdown
 * table, decision record 0030): the rows that match the question, under the table's header, as a
 * markdown table. Sentences are never cut out of a table row.
 */
import { scoreUnits, splitUnits, type Relevance } from './passages';
import type { Quote } from './quote';

/** Rows shown at most: enough for a grau's professionals or a few CNAE classes. */
const MAX_ROWS = 8;
const RULE = /^\|(?:\s*:?-{3,}:?\s*\|)+$/;

export function quoteTable(content: string, relevance: Relevance): Quote | null {
  const units = scoreUnits(splitUnits(content), relevance);
  const lines = units.filter((u) => u.kind === 'table' && u.text.startsWith('|'));
  const ruleAt = lines.findIndex((u) => RULE.test(u.text));
  if (ruleAt !== 1) return null;
  const [header, rule] = lines;
  const body = lines.slice(2);
  const matching = body
    .filter((u) => u.overlap > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, MAX_ROWS)
    .sort((a, b) => a.index - b.index);
  if (matching.length === 0) return null;
  return {
    parts: [],
    gapAfter: false,
    statement: null,
    score: matching.reduce((best, u) => Math.max(best, u.score), 0),
    decisive: 0,
    fits: false,
    covers: [],
    table: [header!.text, rule!.text, ...matching.map((u) => u.text)].join('\n'),
    tableRowsLeftOut: body.length - matching.length,
  };
}
