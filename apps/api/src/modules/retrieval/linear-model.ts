import { z } from 'zod';

/**
 * A linear model over named features, stored as data (data/*.model.json) and trained offline by
 * `normas train-retrieval` on question sets we wrote for that purpose. Inputs are standardised with
 * the training set's mean and scale, so that the weights are comparable and the L2 penalty fair.
 */
export const LinearModelSchema = z.object({
  version: z.literal(1),
  features: z.array(z.string()).min(1),
  mean: z.array(z.number()),
  scale: z.array(z.number().positive()),
  weights: z.array(z.number()),
  bias: z.number(),
  /**
   * Log-odds of question words (stems) between the two classes, learned from the training questions;
   * their mean over a question's words is one of the model's inputs (see `lexicalOdds`).
   */
  lexicon: z.record(z.string(), z.number()).optional(),
  /** Decision threshold on the probability, for classifiers. */
  threshold: z.number().min(0).max(1).optional(),
  /** How the model was trained: data files, sizes and the figures measured on them. */
  trainedOn: z.record(z.string(), z.unknown()).optional(),
});

export type LinearModel = z.infer<typeof LinearModelSchema>;

/** Checks a model's shape against the features the code computes, so a stale file fails loudly. */
export function parseLinearModel(value: unknown, features: readonly string[]): LinearModel {
  const model = LinearModelSchema.parse(value);
  const n = features.length;
  if (
    model.features.join('|') !== features.join('|') ||
    model.mean.length !== n ||
    model.scale.length !== n ||
    model.weights.length !== n
  ) {
    throw new Error(
      `Modelo linear incompatível: espera as variáveis ${features.join(', ')}; o arquivo tem ${model.features.join(', ')}. Treine de novo com "normas train-retrieval".`,
    );
  }
  return model;
}

/** w·((x − mean) / scale) + bias */
export function linearScore(model: LinearModel, x: ArrayLike<number>): number {
  let s = model.bias;
  for (let i = 0; i < model.weights.length; i++)
    s += (model.weights[i]! * (x[i]! - model.mean[i]!)) / model.scale[i]!;
  return s;
}

export function sigmoid(z: number): number {
  return z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z));
}

export interface TrainingRow {
  x: readonly number[];
  /** 1 or 0 */
  y: number;
  /** Importance of the row (e.g. to balance classes or questions); 1 by default. */
  weight?: number;
}

export interface TrainOptions {
  /** L2 penalty on the (standardised) weights, per unit of total row weight. */
  l2?: number;
  iterations?: number;
  /** Fit a bias (classifiers) or not (pairwise ranking, where rows are differences). */
  intercept?: boolean;
  /** Centre the features on their mean (not for pairwise differences, whose sign matters). */
  center?: boolean;
}

/**
 * Logistic regression by Newton's method (IRLS) on standardised features: a few dozen features and a
 * few thousand rows converge in a handful of iterations, deterministically.
 */
export function trainLogistic(
  rows: readonly TrainingRow[],
  features: readonly string[],
  options: TrainOptions = {},
): LinearModel {
  const { l2 = 0.01, iterations = 50, intercept = true, center = true } = options;
  const n = features.length;
  if (rows.length === 0) throw new Error('Sem exemplos para treinar.');
  for (const row of rows)
    if (row.x.length !== n)
      throw new Error(`Exemplo com ${row.x.length} variáveis; esperado ${n}.`);

  const total = rows.reduce((a, r) => a + (r.weight ?? 1), 0);
  const mean = new Array<number>(n).fill(0);
  if (center)
    for (const r of rows)
      for (let j = 0; j < n; j++) mean[j]! += ((r.weight ?? 1) * r.x[j]!) / total;
  const scale = new Array<number>(n).fill(0);
  for (const r of rows)
    for (let j = 0; j < n; j++) scale[j]! += ((r.weight ?? 1) * (r.x[j]! - mean[j]!) ** 2) / total;
  for (let j = 0; j < n; j++) scale[j] = Math.sqrt(scale[j]!) || 1;

  const dim = intercept ? n + 1 : n;
  const z = rows.map((r) => {
    const v = new Float64Array(dim);
    for (let j = 0; j < n; j++) v[j] = (r.x[j]! - mean[j]!) / scale[j]!;
    if (intercept) v[n] = 1;
    return v;
  });
  const beta = new Float64Array(dim);
  const lambda = l2 * total;
  for (let iter = 0; iter < iterations; iter++) {
    const grad = new Float64Array(dim);
    const hess = Array.from({ length: dim }, () => new Float64Array(dim));
    rows.forEach((r, i) => {
      const v = z[i]!;
      let s = 0;
      for (let j = 0; j < dim; j++) s += beta[j]! * v[j]!;
      const p = sigmoid(s);
      const w = r.weight ?? 1;
      const g = w * (p - r.y);
      const h = w * Math.max(p * (1 - p), 1e-9);
      for (let j = 0; j < dim; j++) {
        grad[j]! += g * v[j]!;
        const hj = h * v[j]!;
        const row = hess[j]!;
        for (let k = 0; k < dim; k++) row[k]! += hj * v[k]!;
      }
    });
    // The bias is not penalised.
    for (let j = 0; j < n; j++) {
      grad[j]! += lambda * beta[j]!;
      hess[j]![j]! += lambda;
    }
    const step = solve(hess, grad);
    let change = 0;
    for (let j = 0; j < dim; j++) {
      beta[j]! -= step[j]!;
      change = Math.max(change, Math.abs(step[j]!));
    }
    if (change < 1e-8) break;
  }
  return {
    version: 1,
    features: [...features],
    mean,
    scale,
    weights: Array.from(beta.subarray(0, n)),
    bias: intercept ? beta[n]! : 0,
  };
}

/** Solves A·x = b for a small symmetric positive-definite A (Gaussian elimination with pivoting). */
function solve(a: Float64Array[], b: Float64Array): Float64Array {
  const n = b.length;
  const m = a.map((row, i) => {
    const r = new Float64Array(n + 1);
    r.set(row);
    r[n] = b[i]!;
    return r;
  });
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++)
      if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    const p = m[col]![col]!;
    if (Math.abs(p) < 1e-12) continue;
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = m[r]![col]! / p;
      if (f === 0) continue;
      for (let c = col; c <= n; c++) m[r]![c]! -= f * m[col]![c]!;
    }
  }
  return Float64Array.from({ length: n }, (_, i) =>
    Math.abs(m[i]![i]!) < 1e-12 ? 0 : m[i]![n]! / m[i]![i]!,
  );
}

/** Mean lexicon log-odds of a question's distinct words (unknown words count as 0). */
export function lexicalOdds(
  lexicon: Readonly<Record<string, number>> | undefined,
  terms: readonly string[],
): number {
  if (!lexicon) return 0;
  const distinct = new Set(terms);
  if (distinct.size === 0) return 0;
  let sum = 0;
  for (const t of distinct) sum += Object.hasOwn(lexicon, t) ? lexicon[t]! : 0;
  return sum / distinct.size;
}

/**
 * Smoothed log-odds of each word between positive and negative questions (document frequencies,
 * add-`alpha`), for words seen in at least `minCount` questions.
 */
export function trainLexicon(
  docs: readonly { terms: readonly string[]; y: number }[],
  { alpha = 1, minCount = 2 }: { alpha?: number; minCount?: number } = {},
): Record<string, number> {
  const pos = new Map<string, number>();
  const neg = new Map<string, number>();
  let nPos = 0;
  let nNeg = 0;
  for (const d of docs) {
    const target = d.y === 1 ? pos : neg;
    if (d.y === 1) nPos++;
    else nNeg++;
    for (const t of new Set(d.terms)) target.set(t, (target.get(t) ?? 0) + 1);
  }
  const lexicon: Record<string, number> = {};
  const words = [...new Set([...pos.keys(), ...neg.keys()])].sort();
  for (const t of words) {
    const p = pos.get(t) ?? 0;
    const n = neg.get(t) ?? 0;
    if (p + n < minCount) continue;
    const odds =
      Math.log((p + alpha) / (nPos + 2 * alpha)) - Math.log((n + alpha) / (nNeg + 2 * alpha));
    lexicon[t] = Math.round(odds * 1000) / 1000;
  }
  return lexicon;
}
