import { describe, expect, it } from 'vitest';
import { BM25Index } from './bm25-index';
import { parseQuery } from './query';
import { childBonus, parentIndex, proximity, topK } from './rerank';
import { FIXTURE_SECTIONS } from './test/fixture-sections';
import { analyzeTerms } from './text/analyzer';

describe('reranking helpers', () => {
  it('keeps the k best matches in order, skipping zero scores', () => {
    const matches = {
      count: 6,
      docs: Int32Array.from([0, 1, 2, 3, 4, 5]),
      scores: Float64Array.from([3, 0, 9, 1, 7, 5]),
    };
    expect(topK(matches, 3)).toEqual([
      [2, 9],
      [4, 7],
      [5, 5],
    ]);
    expect(topK(matches, 10).map(([doc]) => doc)).toEqual([2, 4, 5, 0, 3]);
  });

  it('finds the nearest existing ancestor of each item within its NR', () => {
    const parents = parentIndex(FIXTURE_SECTIONS);
    const at = (item: string) => FIXTURE_SECTIONS.findIndex((s) => s.item === item);
    expect(parents[at('35.2.1')]).toBe(at('35.2'));
    expect(parents[at('35.5.1')]).toBe(-1);
  });

  it('gives a parent the score of its best matching child', () => {
    expect(childBonus([4, 5], new Map([[5, 2.5]]))).toBe(2.5);
    expect(childBonus(undefined, new Map([[5, 2.5]]))).toBe(0);
  });

  it('rewards question words that stay close together in the item', () => {
    const index = new BM25Index([
      { content: analyzeTerms('saída de emergência'), heading: [], title: [] },
    ]);
    const query = parseQuery('saída emergência');
    expect(proximity(index, query, analyzeTerms('a saída de emergência'))).toBeGreaterThan(0);
    expect(
      proximity(
        index,
        query,
        analyzeTerms(
          'saída para o pátio coberto, muito longe da portaria principal do prédio, emergência',
        ),
      ),
    ).toBe(0);
  });
});
