/**
 * Answer quality figures for `npm run bench:answers`: an answer is judged by the items it cites
 * against the question's gold items and by the gold quotes (`facts`) its text carries.
 */
import { isHit, type EvalQuestion } from '../retrieval/metrics';
import { foldText } from '../retrieval/text/normalize';

/** How one answer fared. */
export interface AnswerOutcome {
  abstained: boolean;
  /** The answer opened by saying the items are the closest in the base, not a match. */
  partial: boolean;
  citedGold: boolean;
  /** The item the answer opens with is a gold item. */
  leadGold: boolean;
  citations: number;
  /** Facts found in the answer's text, out of the question's facts. */
  factsFound: number;
  /** Facts found in the answer's first paragraph (the lead a user reads and acts on). */
  leadFactsFound: number;
  facts: number;
}

export interface AnswerMetrics {
  questions: number;
  answerable: number;
  outOfCorpus: number;
  /** Answerable questions answered with at least one gold item cited. */
  citedGold: number;
  /** Answerable questions whose answer opens with a gold item. */
  leadGold: number;
  /** Answerable questions answered without any gold item: a wrong answer the user may act on. */
  wrong: number;
  /** Of those, the ones that said they were only a partial match. */
  wrongFlagged: number;
  /** Mean share of each answerable question's facts the answer quotes (abstentions count 0). */
  factRecall: number;
  /** Share of answerable questions (with facts) whose first paragraph carries at least one fact. */
  leadAny: number;
  /** Share of answerable questions (with facts) whose first paragraph carries every fact. */
  leadAll: number;
  /** Share of answerable questions (with facts) whose answer carries at least one fact anywhere. */
  anywhere: number;
  /** Answerable questions that have facts (the denominator of the three figures above). */
  withFacts: number;
  abstention: number;
  falseAbstention: number;
  /** Out-of-corpus questions answered anyway. */
  answeredOutside: number;
  citationsPerAnswer: number;
}

/** Accents, case, punctuation and line breaks do not matter when looking for a quote. */
export function foldForMatch(text: string): string {
  return foldText(text)
    .replace(/[^\p{L}\p{N}%]+/gu, ' ')
    .trim();
}

/**
 * Whether folded text carries a fact. A fact copied from a table row ("90 | 4 horas") is carried
 * when each of its cells is, in order: the lead states a row in words ("90 — MÁXIMA EXPOSIÇÃO
 * DIÁRIA PERMISSÍVEL: 4 horas"), not with the table's bars.
 */
export function carries(folded: string, fact: string): boolean {
  const cells = fact.split(' | ').map(foldForMatch);
  if (cells.some((c) => c === '')) return false;
  let from = 0;
  for (const cell of cells) {
    const at = folded.indexOf(cell, from);
    if (at < 0) return false;
    from = at + cell.length;
  }
  return true;
}

/**
 * The paragraph a user reads first: the first block of the markdown that is not the notice of a
 * partial match ("**Atenção:** não encontrei…"), which says how to read the answer, not what it is.
 */
export function firstParagraph(markdown: string): string {
  const blocks = markdown
    .split(/\n\s*\n/)
    .map((b) => b.trim())
    .filter(Boolean);
  return blocks.find((b) => !/^\*\*Atenção:\*\*/.test(b)) ?? '';
}

export function judgeAnswer(
  question: EvalQuestion,
  answer: { markdown: string; abstained: boolean; citations: { code: string; item: string }[] },
  partial: boolean,
): AnswerOutcome {
  const text = foldForMatch(answer.markdown);
  const lead = foldForMatch(firstParagraph(answer.markdown));
  const gold = (c: { code: string; item: string }) =>
    isHit(
      c,
      question.gold.filter((g) => !g.code || g.code === c.code),
    );
  const facts = question.facts ?? [];
  return {
    abstained: answer.abstained,
    partial: !answer.abstained && partial,
    citedGold: answer.citations.some(gold),
    leadGold: answer.citations.length > 0 && gold(answer.citations[0]!),
    citations: answer.citations.length,
    factsFound: answer.abstained ? 0 : facts.filter((f) => carries(text, f)).length,
    leadFactsFound: answer.abstained ? 0 : facts.filter((f) => carries(lead, f)).length,
    facts: facts.length,
  };
}

export function answerMetrics(
  questions: readonly EvalQuestion[],
  outcomes: readonly AnswerOutcome[],
): AnswerMetrics {
  let answerable = 0;
  let outside = 0;
  let cited = 0;
  let lead = 0;
  let wrong = 0;
  let flagged = 0;
  let factShare = 0;
  let abstained = 0;
  let falseAbstained = 0;
  let answeredOutside = 0;
  let citations = 0;
  let answered = 0;
  let withFacts = 0;
  let leadAny = 0;
  let leadAll = 0;
  let anywhere = 0;
  questions.forEach((q, i) => {
    const o = outcomes[i]!;
    if (!o.abstained) {
      answered++;
      citations += o.citations;
    }
    if (q.gold.length === 0) {
      outside++;
      if (o.abstained) abstained++;
      else answeredOutside++;
      return;
    }
    answerable++;
    if (o.abstained) falseAbstained++;
    else if (o.citedGold) {
      cited++;
      if (o.leadGold) lead++;
    } else {
      wrong++;
      if (o.partial) flagged++;
    }
    if (o.facts > 0) {
      withFacts++;
      if (o.leadFactsFound > 0) leadAny++;
      if (o.leadFactsFound === o.facts) leadAll++;
      if (o.factsFound > 0) anywhere++;
    }
    // A question without facts is judged by its citations alone.
    factShare += o.facts === 0 ? (o.citedGold ? 1 : 0) : o.factsFound / o.facts;
  });
  const share = (n: number, d: number) => (d === 0 ? 0 : n / d);
  return {
    questions: questions.length,
    answerable,
    outOfCorpus: outside,
    citedGold: share(cited, answerable),
    leadGold: share(lead, answerable),
    wrong: share(wrong, answerable),
    wrongFlagged: share(flagged, answerable),
    factRecall: share(factShare, answerable),
    leadAny: share(leadAny, withFacts),
    leadAll: share(leadAll, withFacts),
    anywhere: share(anywhere, withFacts),
    withFacts,
    abstention: share(abstained, outside),
    falseAbstention: share(falseAbstained, answerable),
    answeredOutside: share(answeredOutside, outside),
    citationsPerAnswer: share(citations, answered),
  };
}
