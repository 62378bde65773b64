import { describe, expect, it } from 'vitest';
import {
  linearScore,
  parseLinearModel,
  sigmoid,
  trainLogistic,
  type TrainingRow,
} from './linear-model';

describe('logistic regression', () => {
  // y = 1 exactly when 2·a − b > 1: separable, with one useless feature c.
  const rows: TrainingRow[] = [];
  for (let a = 0; a <= 4; a++)
    for (let b = 0; b <= 4; b++)
      for (const c of [0, 7])
        if (2 * a - b !== 1) rows.push({ x: [a, b, c], y: 2 * a - b > 1 ? 1 : 0 });

  it('learns a separable rule and classifies every training row', () => {
    const model = trainLogistic(rows, ['a', 'b', 'c'], { l2: 0.001 });
    const wrong = rows.filter((r) => (sigmoid(linearScore(model, r.x)) >= 0.5 ? 1 : 0) !== r.y);
    expect(wrong).toEqual([]);
    expect(model.weights[0]!).toBeGreaterThan(0);
    expect(model.weights[1]!).toBeLessThan(0);
    expect(Math.abs(model.weights[2]!)).toBeLessThan(Math.abs(model.weights[0]!) / 10);
  });

  it('shrinks the weights as the penalty grows', () => {
    const loose = trainLogistic(rows, ['a', 'b', 'c'], { l2: 0.001 });
    const tight = trainLogistic(rows, ['a', 'b', 'c'], { l2: 1 });
    expect(Math.abs(tight.weights[0]!)).toBeLessThan(Math.abs(loose.weights[0]!));
  });

  it('learns a ranking from pairwise differences without an intercept', () => {
    // Documents are better when their first feature is higher; the second is noise.
    const pairs: TrainingRow[] = [];
    for (let i = 0; i < 20; i++) {
      const diff = [1 + (i % 3), ((i * 7) % 5) - 2];
      pairs.push({ x: diff, y: 1 }, { x: diff.map((v) => -v), y: 0 });
    }
    const model = trainLogistic(pairs, ['good', 'noise'], { intercept: false, center: false });
    expect(model.bias).toBe(0);
    expect(model.mean).toEqual([0, 0]);
    expect(linearScore(model, [3, 0])).toBeGreaterThan(linearScore(model, [1, 0]));
  });

  it('refuses rows with the wrong number of features, or none at all', () => {
    expect(() => trainLogistic([{ x: [1], y: 1 }], ['a', 'b'])).toThrow(/esperado 2/);
    expect(() => trainLogistic([], ['a'])).toThrow(/Sem exemplos/);
  });
});

describe('stored models', () => {
  const model = trainLogistic(
    [
      { x: [0], y: 0 },
      { x: [1], y: 1 },
    ],
    ['a'],
  );

  it('load when their features are the ones the code computes', () => {
    expect(parseLinearModel(JSON.parse(JSON.stringify(model)), ['a'])).toEqual(model);
  });

  it('fail loudly when stale or malformed', () => {
    expect(() => parseLinearModel(model, ['a', 'b'])).toThrow(/incompatível.*train-retrieval/);
    expect(() => parseLinearModel({ ...model, version: 2 }, ['a'])).toThrow();
    expect(() => parseLinearModel({ ...model, scale: [0] }, ['a'])).toThrow();
  });
});
