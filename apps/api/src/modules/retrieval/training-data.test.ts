import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../config';
import { foldText } from './text/normalize';

/**
 * The training data against the sets the benchmarks measure (decision 0061): a training line that
 * repeats a measured question in other order or with a word changed teaches the models the answer
 * the benchmark then asks for, and the figures stop saying what a new user gets.
 */

/** At or above this share of shared words, a training line is taken for a measured question. */
const MAX_JACCARD = 0.45;
const TRAINING_DIR = path.join(REPO_ROOT, 'apps/api/src/modules/retrieval/training-data');
const BENCH_DIR = path.join(REPO_ROOT, 'bench/questions');
const DEV_FILE = path.join(REPO_ROOT, '../shared/eval/dev.jsonl');

interface Line {
  file: string;
  id: string;
  turns?: string[];
  question: string;
  gold: { code: string; item: string }[];
}

function readLines(file: string): Line[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => ({ ...(JSON.parse(l) as Omit<Line, 'file'>), file: path.basename(file) }));
}

const jsonl = (dir: string) =>
  fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .map((f) => path.join(dir, f));

/** The words of a whole conversation, lower case and without accents. */
function wordsOf(line: { turns?: string[]; question: string }): Set<string> {
  const text = [...(line.turns ?? []), line.question].join(' ');
  return new Set(foldText(text).match(/[\p{L}\p{N}_]+/gu) ?? []);
}

/** For each line of `lines`, the measured line it is closest to when at or above the limit. */
function resembling(
  lines: readonly { turns?: string[]; question: string }[],
  measured: readonly { turns?: string[]; question: string }[],
): { line: number; measured: number; jaccard: number }[] {
  const sets = measured.map(wordsOf);
  const byWord = new Map<string, number[]>();
  sets.forEach((words, i) => {
    for (const w of words) {
      const list = byWord.get(w);
      if (list) list.push(i);
      else byWord.set(w, [i]);
    }
  });
  const found: { line: number; measured: number; jaccard: number }[] = [];
  lines.forEach((line, n) => {
    const words = wordsOf(line);
    const shared = new Map<number, number>();
    for (const w of words)
      for (const i of byWord.get(w) ?? []) shared.set(i, (shared.get(i) ?? 0) + 1);
    let best: { line: number; measured: number; jaccard: number } | null = null;
    for (const [i, common] of shared) {
      const jaccard = common / (words.size + sets[i]!.size - common);
      if (jaccard >= MAX_JACCARD && (!best || jaccard > best.jaccard))
        best = { line: n, measured: i, jaccard };
    }
    if (best) found.push(best);
  });
  return found;
}

describe('resembling', () => {
  it('finds a question asked again in other order and case, and not one on another subject', () => {
    const measured = [
      { question: 'O amaciador de bife do açougue precisa ter botão de emergência?' },
    ];
    const found = resembling(
      [
        { question: 'o amaciador de bife do acougue precisa ter botao de emergencia?' },
        { turns: ['Tenho um açougue.'], question: 'Precisa ter botão de emergência no amaciador?' },
        { question: 'Qual a altura mínima do guarda-corpo na obra?' },
      ],
      measured,
    );
    expect(found.map((f) => f.line)).toEqual([0, 1]);
    expect(found[0]!.jaccard).toBe(1);
  });
});

describe('the training data', () => {
  const training = jsonl(TRAINING_DIR).flatMap(readLines);
  const measured = [DEV_FILE, ...jsonl(BENCH_DIR)].flatMap(readLines);

  it('is read from every training file and every measured set', () => {
    expect(training.length).toBeGreaterThan(5000);
    expect(new Set(measured.map((m) => m.file))).toContain('dev.jsonl');
    expect(new Set(measured.map((m) => m.file))).toContain('followups-u.jsonl');
  });

  it('has an id, a question and well-formed gold items on every line, ids unique per file', () => {
    for (const line of training) {
      expect(typeof line.id, `${line.file}`).toBe('string');
      expect(line.question.trim().length, `${line.file} ${line.id}`).toBeGreaterThan(0);
      for (const g of line.gold) expect(g.code, `${line.file} ${line.id}`).toMatch(/^NR-\d{2}$/);
    }
    const seen = new Set<string>();
    const repeated = training.filter((l) => seen.size === seen.add(`${l.file}|${l.id}`).size);
    expect(repeated.map((l) => `${l.file} ${l.id}`)).toEqual([]);
  });

  it('holds no line that resembles a measured question', () => {
    const found = resembling(training, measured).map(
      (f) =>
        `${training[f.line]!.file} ${training[f.line]!.id} ~ ${measured[f.measured]!.file} ${measured[f.measured]!.id} (${f.jaccard.toFixed(2)})`,
    );
    expect(found).toEqual([]);
  });

  it('has no coverage conversation for an item of the uncovered tail (followups-s)', () => {
    const key = (g: { code: string; item: string }) => `${g.code}|${g.item.toLowerCase()}`;
    const tail = new Set(
      readLines(path.join(BENCH_DIR, 'followups-s.jsonl')).flatMap((l) => l.gold.map(key)),
    );
    const covering = training
      .filter((l) => l.file.startsWith('coverage-') && l.gold.some((g) => tail.has(key(g))))
      .map((l) => `${l.file} ${l.id}`);
    expect(covering).toEqual([]);
  });
});
