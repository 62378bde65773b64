import { describe, expect, it } from 'vitest';
import { computeMetrics, isHit, percentile, type EvalQuestion } from './metrics';

const q = (id: string, gold: { code: string; item: string }[]): EvalQuestion => ({
  id,
  question: id,
  type: 't',
  gold,
});
const r = (code: string, item: string) => ({ code, item });

describe('retrieval metrics', () => {
  it('matches items trimmed and case-insensitively', () => {
    expect(isHit(r('NR-05', ' anexo i 3.3 '), [{ code: 'NR-05', item: 'Anexo I 3.3' }])).toBe(true);
    expect(isHit(r('NR-05', '3.3.1'), [{ code: 'NR-05', item: '3.3' }])).toBe(false);
  });

  it('computes recall, MRR, NR recall and abstention', () => {
    const questions = [
      q('a', [r('NR-35', '35.2.1')]),
      q('b', [r('NR-10', '10.5.1'), r('NR-10', '10.5.2')]),
      q('c', [r('NR-06', '6.3')]),
      q('d', []),
      q('e', []),
    ];
    const outcomes = [
      { abstained: false, results: [r('NR-35', '35.2.1')] },
      { abstained: false, results: [r('NR-10', '10.1'), r('NR-10', '10.2'), r('NR-10', '10.5.2')] },
      { abstained: true, results: [r('NR-12', '12.1')] },
      { abstained: true, results: [] },
      { abstained: false, results: [r('NR-01', '1.1')] },
    ];
    expect(computeMetrics(questions, outcomes)).toEqual({
      questions: 5,
      answerable: 3,
      outOfCorpus: 2,
      recallAt1: 1 / 3,
      recallAt5: 2 / 3,
      recallAt10: 2 / 3,
      mrrAt10: (1 + 1 / 3) / 3,
      nrRecallAt1: 2 / 3,
      abstention: 0.5,
      falseAbstention: 1 / 3,
    });
  });

  it('takes nearest-rank percentiles', () => {
    expect(percentile([5, 1, 4, 2, 3], 50)).toBe(3);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 95)).toBe(10);
  });
});
