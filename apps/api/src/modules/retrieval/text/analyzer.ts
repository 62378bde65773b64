import stopWordsData from '../data/stop-words.pt-BR.json' with { type: 'json' };
import { foldText, tokenize, type Token } from './normalize';
import { stem } from './stemmer';

export const STOP_WORDS: ReadonlySet<string> = new Set(stopWordsData.words.map(foldText));

export interface Term {
  term: string;
  /** Position in the original token stream, so that proximity survives stop-word removal. */
  position: number;
}

/** Index/query term of one token, or null for a stop word. Numbers keep their value; codes stay canonical. */
export function termOf(token: Token): string | null {
  if (token.kind === 'code') return token.value.toLowerCase();
  if (token.kind === 'number' || token.kind === 'item') return `#${token.value}`;
  if (token.value.length < 2 || STOP_WORDS.has(token.value)) return null;
  return stem(token.value);
}

/** The searchable terms of a text: folded, tokenized, stop words removed, stemmed. */
export function analyze(text: string): Term[] {
  const terms: Term[] = [];
  for (const token of tokenize(text)) {
    const term = termOf(token);
    if (term) terms.push({ term, position: token.position });
  }
  return terms;
}

export function analyzeTerms(text: string): string[] {
  return analyze(text).map((t) => t.term);
}

/** Stems of a phrase including its function words, for matching phrases like "membro da cipa". */
export function phraseKey(text: string): string[] {
  return tokenize(text).map((t) => (t.kind === 'word' ? stem(t.value) : (termOf(t) ?? t.value)));
}
