import fs from 'node:fs';
import os from 'node:os';

/** Milliseconds with one decimal, or a dash when not measured. */
export const formatMs = (v: number) => (Number.isNaN(v) ? '—' : v.toFixed(1));

/** The machine's load average over 1, 5 and 15 minutes, as "1.2 / 1.0 / 0.8". */
export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');

/** The question texts of a JSONL file (one `{"question": …}` a line), or `fallback` without it. */
export function loadQuestionTexts(file: string, fallback: string[] = []): string[] {
  if (!fs.existsSync(file)) return fallback;
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => (JSON.parse(l) as { question: string }).question);
}
