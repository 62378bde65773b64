import { describe, expect, it } from 'vitest';
import { confidenceOf, OUTSIDE_FACTOR } from './confidence';
import { parseQuery } from './query';

describe('confidence', () => {
  it('is the coverage when the question shows no sign of a subject outside the NRs', () => {
    expect(confidenceOf(0.6, 0.6, parseQuery('uso do cinto de segurança'), false)).toBe(0.6);
  });

  it('judges the rest of the question, scaled down, when it uses an outside phrase', () => {
    const weak = parseQuery('afastado pelo INSS precisa refazer treinamento?');
    expect(confidenceOf(0.9, 0.8, weak, false)).toBeCloseTo(0.8 * OUTSIDE_FACTOR.weak);
    const strong = parseQuery('quantos dias de férias posso vender?');
    expect(confidenceOf(0.5, 0.5, strong, false)).toBeCloseTo(0.5 * OUTSIDE_FACTOR.strong);
    const twoWeak = parseQuery('o esgoto da residência');
    expect(confidenceOf(0.9, 0.9, twoWeak, false)).toBeCloseTo(0.9 * OUTSIDE_FACTOR.strong);
  });

  it('never exceeds the coverage of the whole question, and ignores the signs when asked to', () => {
    const q = parseQuery('afastado pelo INSS');
    expect(confidenceOf(0.2, 0.9, q, false)).toBe(0.2);
    expect(confidenceOf(0.2, 0.9, q, false, false)).toBe(0.2);
    expect(confidenceOf(0.5, 0.1, q, false, false)).toBe(0.5);
  });

  it('trusts a named item', () => {
    expect(confidenceOf(0.1, 0.1, parseQuery('férias'), true)).toBe(0.9);
  });
});
