import { describe, expect, it } from 'vitest';
import { buildRelevance, overlap, splitUnits } from './passages';

const SPELLED = 'O objetivo é regular o Equipamento de Proteção Individual.';
const SHORT = 'O EPI deve ser fornecido ao empregado gratuitamente.';
const BOTH = 'O Equipamento de Proteção Individual - EPI deve ser fornecido gratuitamente.';

describe('passage relevance', () => {
  const units = [SPELLED, SHORT, BOTH].flatMap((text) => splitUnits(text));

  it('counts an abbreviation once, whether the text writes it short, spells it out or both', () => {
    const relevance = buildRelevance('Quem deve fornecer o EPI?', units);
    const spelled = overlap(SPELLED, relevance);
    const short = overlap(SHORT, relevance);
    // The spelled-out name is one idea, not three words of the question: it must not outweigh
    // a sentence that also says what the question asks (fornecer).
    expect(short).toBeGreaterThan(spelled);
    expect(spelled).toBeGreaterThan(0);
    // Writing both forms earns no more for the idea than writing it short.
    expect(overlap(BOTH, relevance)).toBeCloseTo(short, 6);
  });

  it('keeps a word the question asks for itself even when an expansion also uses it', () => {
    const relevance = buildRelevance('Qual a proteção individual exigida sem o EPI?', units);
    expect(overlap('Proteção individual é exigida.', relevance)).toBeGreaterThan(
      overlap('É exigida.', relevance),
    );
  });

  it('scores a text with none of the question’s words as zero', () => {
    const relevance = buildRelevance('Quem deve fornecer o EPI?', units);
    expect(overlap('Os andaimes devem ter guarda-corpo.', relevance)).toBe(0);
  });
});
