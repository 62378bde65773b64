/**
 * The pool of questions offered while a user types (decision record 0029): the FAQs, every heading
 * and annex title of the regulations phrased as a question, and questions that at least N distinct
 * users asked. Matching is in memory, by word prefixes without accents, and ranked by how much of
 * what was typed the suggestion covers, its source and its popularity; when fewer than the limit
 * match word for word, retrieval's best items for what was typed add their titles.
 */
import type { QuestionSuggestion, SuggestionSource } from '@normas/contracts/suggestions';
import { analyzeTerms, STOP_WORDS } from '../retrieval/text/analyzer';
import { foldText } from '../retrieval/text/normalize';

export interface PoolEntry {
  id: string;
  text: string;
  source: SuggestionSource;
  code: string | null;
  /** Distinct users who asked it (asked questions); FAQs and titles count 0. */
  users: number;
  /** For a title: the regulation's title, to phrase it for items found by retrieval. */
  title?: string;
  /** For an example question: the item it was written for ("1.4.3"). */
  item?: string;
}

interface IndexedEntry extends PoolEntry {
  words: string[];
  terms: ReadonlySet<string>;
}

/** What the pool needs of a section to phrase its titles. */
export interface TitledSection {
  code: string;
  title: string;
  headingPath: string;
}

/** Up to this many typed content words the user is starting out, and retrieval's titles help. */
const MAX_WORDS_FOR_RELATED = 3;
const SOURCE_WEIGHT: Record<SuggestionSource, number> = {
  faq: 0.6,
  asked: 0.4,
  example: 0.3,
  topic: 0.2,
};
/**
 * While what was typed could be about several regulations, one regulation fills at most this many
 * of the places, so the next regulation retrieval points to shows too.
 */
const MAX_PER_REGULATION = 3;
/** How many of the regulations retrieval points to lend their partly matching entries. */
const LEADING_REGULATIONS = 3;
/**
 * How much the pool's own entries that carry every typed word weigh, per regulation, against what
 * retrieval finds (its best regulation counts 1).
 */
const POOL_VOTE = 0.3;
/**
 * How much the known questions (never shown) weigh, per regulation, against retrieval's best
 * regulation: those that carry every typed word, and the word-by-word model of what they are about.
 */
const KNOWN_VOTE = 1;
const WORD_MODEL_VOTE = 1;
/** Additive smoothing of the word model: a word a regulation's questions never use is not fatal. */
const WORD_SMOOTHING = 0.1;
/**
 * How much the regulation the typed words point to weighs in an entry's score, against covering
 * the typed words (2 for all of them): two words rarely say more than which regulation is meant.
 */
const REGULATION_WEIGHT = 3;
/** What carrying the typed words side by side ("carga instalada") adds to an entry's score. */
const PHRASE_BONUS = 1;
/** How many entries with the typed words apart one entry with them side by side votes as. */
const PHRASE_VOTES = 3;
/** How many of the example questions written for one of retrieval's best items join. */
const RELATED_EXAMPLES = 2;
/** Example questions longer than this read as a story, not as a suggestion. */
const MAX_EXAMPLE_LENGTH = 110;
// Headings that say where a text is, not what it is about.
const GENERIC_HEADING =
  /^(?:disposi[çc][õo]es (?:gerais|finais|transit[óo]rias)|generalidades|introdu[çc][ãa]o|anexos?|ap[êe]ndices?|notas?|refer[êe]ncias?)$/i;

function words(text: string): string[] {
  return foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
}

/**
 * "PROTEÇÃO CONTRA INCÊNDIOS" reads as "proteção contra incêndios" inside a question; a name in
 * title case ("Comissão Interna de Prevenção de Acidentes") and acronyms stay as written.
 */
function inSentence(text: string): string {
  if (text === text.toUpperCase()) return text.toLowerCase();
  const capitalised = text
    .split(/\s+/)
    .slice(1)
    .filter((w) => /^\p{Lu}/u.test(w)).length;
  const first = /^\S+/.exec(text)?.[0] ?? '';
  if (capitalised > 0 || (first.length > 1 && first === first.toUpperCase())) return text;
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/**
 * A heading or annex title as a question: "18.9 Medidas de prevenção contra queda de altura" in
 * NR-18 → "O que a NR-18 estabelece sobre medidas de prevenção contra queda de altura?".
 */
export function titleAsQuestion(code: string, heading: string): string | null {
  const annex = /^Anexo\s+((?:[IVXL]+|\d+)(?:-?[A-Z])?|[A-Z])(?![\p{L}\d])\s*[-–:]?\s*(.*)$/iu.exec(
    heading.trim(),
  );
  const text = (annex ? annex[2]! : heading.replace(/^\d+(?:\.\d+)*\.?\s*/, ''))
    // "VIII - Teste de…": the numbering of a part, and "dos equipamentos…": a heading's preposition.
    .replace(/^[IVXL]+\s*[-–.)]\s+/i, '')
    .replace(/^d[oa]s?\s+/i, '')
    .replace(/\s*\([^)]*\)/g, '')
    .replace(/[.:;]+$/, '')
    .trim();
  if (text.length < 4 || text.length > 140 || GENERIC_HEADING.test(text)) return null;
  const where = annex ? `o Anexo ${annex[1]} da ${code}` : `a ${code}`;
  if (/^objetivos?$/i.test(text))
    return `Qual o objetivo d${where.slice(0, 1) === 'o' ? 'o' : 'a'}${where.slice(1)}?`;
  if (/^campo de aplica[çc][ãa]o$/i.test(text)) return `A quem se aplica ${where}?`;
  return `O que ${where} estabelece sobre ${inSentence(text)}?`;
}

/** Every distinct heading and annex title, and each regulation's title, phrased as a question. */
export function topicEntries(sections: readonly TitledSection[]): PoolEntry[] {
  const seen = new Set<string>();
  const entries: PoolEntry[] = [];
  const add = (code: string, heading: string, title: string) => {
    const text = titleAsQuestion(code, heading);
    if (!text) return;
    const key = foldText(text);
    if (seen.has(key)) return;
    seen.add(key);
    entries.push({ id: `topic:${code}:${key}`, text, source: 'topic', code, users: 0, title });
  };
  for (const s of sections) {
    add(s.code, s.title, s.title);
    for (const heading of s.headingPath.split(' > '))
      if (heading.trim()) add(s.code, heading, s.title);
  }
  return entries;
}

// Words that make a question or a sentence, not its subject: question words, auxiliaries and
// modals, what "the norm says" ("define", "permite", "exige"), negation, quantifiers.
const NOT_CONTENT = new Set(
  words(
    'quanto quanta quantos quantas qual quais quando onde como porque por que quem pode podem posso poder precisa preciso precisam tem têm ter tenho teve vai vou ir vir fazer faz fazem faço fica ficar ficou isso isto esse essa este esta aqui ali lá pra pro pros pras tá ta né então enquanto partir trata diz dizem fala sobre existe há houver haver deve devem devo causa coisa alguma algum qualquer quaisquer nr nrs norma item itens segundo sou somos não nao além após durante apenas sempre define definem permite permitem exige exigem pede pedem impõe impoe prevê preve estabelece estabelecem determina determinam manda mandam considera consideram vejo ver',
  ),
);

/** The words typed that say what the question is about (stop words, question words and bare numbers do not). */
export function contentWords(search: string): string[] {
  return words(search).filter(
    (w) => w.length >= 2 && !STOP_WORDS.has(w) && !NOT_CONTENT.has(w) && !/^\d+$/.test(w),
  );
}

/**
 * The regulations named in what was typed: "NR-10", "nr 6", "NR10", or an item number of a
 * regulation's body ("23.3.1" is NR-23's). Only codes in `known` count.
 */
export function regulationRefs(search: string, known: ReadonlySet<string>): string[] {
  const refs = new Set<string>();
  const code = (n: string) => `NR-${n.padStart(2, '0')}`;
  for (const m of search.matchAll(/\bnr\s*-?\s*(\d{1,2})(?!\d|[.,]\d)/giu)) refs.add(code(m[1]!));
  for (const m of search.matchAll(/(?<![\d.])(\d{1,2})\.\d{1,3}(?:\.\d{1,3})*(?![\d])/gu))
    // "1,5 m" and "2.5" alone are quantities; an item number has at least two levels or follows "item".
    if (/\d+\.\d+\.\d+/.test(m[0]) || /\bite(?:m|ns)\s*$/i.test(search.slice(0, m.index)))
      refs.add(code(m[1]!));
  return [...refs].filter((c) => known.has(c));
}

/**
 * The answerable example questions the retrieval index is expanded with (written for each NR
 * topic, never a user's text), by "CODE|item", as pool entries: short ones only.
 */
export function exampleEntries(byItem: ReadonlyMap<string, readonly string[]>): PoolEntry[] {
  const seen = new Set<string>();
  const entries: PoolEntry[] = [];
  for (const [key, questions] of byItem) {
    const code = key.split('|')[0]!;
    for (const text of questions) {
      const clean = text.trim().replace(/\s+/g, ' ');
      const folded = foldText(clean);
      if (clean.length > MAX_EXAMPLE_LENGTH || !clean.endsWith('?') || seen.has(folded)) continue;
      seen.add(folded);
      entries.push({
        id: `example:${code}:${entries.length}`,
        text: clean.charAt(0).toUpperCase() + clean.slice(1),
        source: 'example',
        code,
        users: 0,
        item: key.slice(code.length + 1),
      });
    }
  }
  return entries;
}

/**
 * Naive Bayes over the known questions: how likely each regulation is to be the subject of a
 * question that uses the typed words, relative to the likeliest (which scores 1). Words no known
 * question uses say nothing, and then nothing is returned rather than the regulations asked most.
 */
export function regulationWordModel(
  questions: readonly { code: string; terms: ReadonlySet<string> }[],
) {
  const counts = new Map<string, Map<string, number>>();
  const totals = new Map<string, number>();
  const prior = new Map<string, number>();
  const vocabulary = new Set<string>();
  for (const q of questions) {
    prior.set(q.code, (prior.get(q.code) ?? 0) + 1);
    let byTerm = counts.get(q.code);
    if (!byTerm) counts.set(q.code, (byTerm = new Map()));
    for (const t of q.terms) {
      byTerm.set(t, (byTerm.get(t) ?? 0) + 1);
      totals.set(q.code, (totals.get(q.code) ?? 0) + 1);
      vocabulary.add(t);
    }
  }
  return {
    /** Each word is given as its terms (a word may analyse to none or several). */
    posterior(typed: readonly (readonly string[])[]): Map<string, number> {
      const known = typed.filter((terms) => terms.some((t) => vocabulary.has(t)));
      if (known.length === 0) return new Map();
      const logs = new Map<string, number>();
      for (const [code, byTerm] of counts) {
        let log = Math.log(prior.get(code)!);
        const denominator = totals.get(code)! + WORD_SMOOTHING * vocabulary.size;
        for (const terms of known) {
          const n = Math.max(0, ...terms.map((t) => byTerm.get(t) ?? 0));
          log += Math.log((n + WORD_SMOOTHING) / denominator);
        }
        logs.set(code, log);
      }
      const top = Math.max(...logs.values());
      return new Map([...logs].map(([code, log]) => [code, Math.exp(log - top)]));
    },
  };
}

export interface SuggestionIndex {
  /**
   * Up to `limit` suggestions for what was typed. `related` gives the regulations (code and
   * heading) retrieval finds for the text, used when word matches are fewer than `limit`.
   */
  suggest(
    search: string,
    limit: number,
    related?: (search: string) => { code: string; item?: string; headingPath: string }[],
  ): QuestionSuggestion[];
  readonly size: number;
}

/**
 * A question known to be about a regulation, read once (the known questions do not change while the
 * server runs): it is never shown, but votes for its regulation.
 */
export interface Voter {
  code: string;
  words: readonly string[];
  terms: ReadonlySet<string>;
}

/** The known questions by "CODE|item" (training questions and conversations) as voters. */
export function knownVoters(byItem: ReadonlyMap<string, readonly string[]>): Voter[] {
  return [...byItem].flatMap(([key, texts]) =>
    texts.map((text) => ({
      code: key.split('|')[0]!,
      words: words(text),
      terms: new Set(analyzeTerms(text)),
    })),
  );
}

export function createSuggestionIndex(
  pool: readonly PoolEntry[],
  voters: readonly Voter[] = [],
): SuggestionIndex {
  const entries: IndexedEntry[] = pool.map((e) => ({
    ...e,
    words: words(e.text),
    terms: new Set(analyzeTerms(e.text)),
  }));
  const wordModel = regulationWordModel(voters);
  const byKey = new Map(entries.map((e) => [foldText(e.text), e]));

  /** How much of the typed words an entry covers, 0..1; the last word may be half typed. */
  function coverage(
    entry: { words: readonly string[]; terms: ReadonlySet<string> },
    typed: string[],
    typedTerms: string[][],
  ): number {
    let matched = 0;
    typed.forEach((word, i) => {
      const last = i === typed.length - 1;
      const hit =
        entry.words.some((w) => (last ? w.startsWith(word) : w === word || w.startsWith(word))) ||
        typedTerms[i]!.some((t) => entry.terms.has(t));
      if (hit) matched += 1;
    });
    return typed.length === 0 ? 0 : matched / typed.length;
  }

  /**
   * Whether the entry carries the typed words side by side, in order ("carga instalada",
   * "pé-direito"): a term of the domain, not two words that each occur somewhere.
   */
  function carriesPhrase(entry: IndexedEntry, typed: string[]): boolean {
    if (typed.length < 2) return false;
    const last = typed.length - 1;
    for (let i = 0; i + typed.length <= entry.words.length; i++) {
      if (
        typed.every((word, k) =>
          k === last ? entry.words[i + k]!.startsWith(word) : entry.words[i + k] === word,
        )
      )
        return true;
    }
    return false;
  }

  const examplesOf = new Map<string, IndexedEntry[]>();
  for (const e of entries)
    if (e.item && e.code) {
      const key = `${e.code}|${e.item}`;
      examplesOf.set(key, [...(examplesOf.get(key) ?? []), e]);
    }

  /**
   * Pool entries for retrieval's best items, best item first: the example questions written for
   * the item, then the headings of the item, its section and its regulation.
   */
  function relatedEntries(
    results: { code: string; item?: string; headingPath: string }[],
  ): IndexedEntry[] {
    const found: IndexedEntry[] = [];
    const seen = new Set<string>();
    const titleOf = new Map(entries.filter((e) => e.title).map((e) => [e.code, e.title!]));
    for (const r of results) {
      for (const entry of examplesOf.get(`${r.code}|${r.item}`)?.slice(0, RELATED_EXAMPLES) ?? [])
        if (!seen.has(entry.id)) {
          seen.add(entry.id);
          found.push(entry);
        }
      // The item's own heading, its section's, then its regulation's title.
      const headings = [...r.headingPath.split(' > ').reverse(), titleOf.get(r.code ?? '') ?? ''];
      for (const heading of headings) {
        const text = titleAsQuestion(r.code, heading);
        const entry = text ? byKey.get(foldText(text)) : undefined;
        if (entry && !seen.has(entry.id)) {
          seen.add(entry.id);
          found.push(entry);
        }
      }
    }
    return found;
  }

  const codes = new Set(entries.flatMap((e) => (e.code ? [e.code] : [])));

  return {
    size: entries.length,
    suggest(search, limit, related) {
      const typed = contentWords(search);
      const named = new Set(regulationRefs(search, codes));
      if (typed.length === 0 && named.size === 0) return [];
      const typedTerms = typed.map((w) => analyzeTerms(w));
      // What retrieval finds for the text says which regulations the user is after: their
      // suggestions rank higher, and the titles of its best items join the candidates.
      // A whole question typed out gets only suggestions that carry every word of it: loosely
      // related titles under a finished question only cover the button that sends it.
      const startingOut = typed.length <= MAX_WORDS_FOR_RELATED;
      const results = related && startingOut && typed.length > 0 ? related(search) : [];
      const codeWeight = new Map<string, number>();
      results.forEach((r, i) => {
        codeWeight.set(r.code, (codeWeight.get(r.code) ?? 0) + 1 / (i + 1));
      });
      const covers = new Map<IndexedEntry, number>();
      const phrases = new Set<IndexedEntry>();
      const votes = new Map<string, number>();
      for (const entry of entries) {
        const cover = typed.length === 0 ? 1 : coverage(entry, typed, typedTerms);
        covers.set(entry, cover);
        const phrase = cover === 1 && carriesPhrase(entry, typed);
        if (phrase) phrases.add(entry);
        if (cover === 1 && entry.code)
          votes.set(entry.code, (votes.get(entry.code) ?? 0) + (phrase ? PHRASE_VOTES : 1));
      }
      // The pool's questions that carry every typed word vote for their regulations too.
      const topVotes = Math.max(0, ...votes.values());
      const topRetrieved = Math.max(0, ...codeWeight.values());
      if (topVotes > 0 && topRetrieved > 0)
        for (const [code, n] of votes)
          codeWeight.set(
            code,
            (codeWeight.get(code) ?? 0) + (POOL_VOTE * topRetrieved * n) / topVotes,
          );
      // The known questions that carry every typed word say which regulations people mean by them.
      const known = new Map<string, number>();
      if (typed.length > 0)
        for (const v of voters)
          if (coverage(v, typed, typedTerms) === 1) known.set(v.code, (known.get(v.code) ?? 0) + 1);
      const topKnown = Math.max(0, ...known.values());
      if (topKnown > 0)
        for (const [code, n] of known)
          codeWeight.set(
            code,
            (codeWeight.get(code) ?? 0) + (KNOWN_VOTE * Math.max(topRetrieved, 1) * n) / topKnown,
          );
      // And, word by word, which regulations the known questions that use each word are about.
      const likely = wordModel.posterior(typedTerms);
      for (const [code, p] of likely)
        codeWeight.set(
          code,
          (codeWeight.get(code) ?? 0) + WORD_MODEL_VOTE * Math.max(topRetrieved, 1) * p,
        );
      const topWeight = Math.max(0, ...codeWeight.values());
      // The regulations retrieval points to most: their entries that carry some of the words join.
      const leading = new Set(
        [...codeWeight.entries()]
          .sort((a, b) => b[1] - a[1])
          .slice(0, LEADING_REGULATIONS)
          .map(([code]) => code),
      );
      const near = relatedEntries(results).slice(0, limit * 2);
      const nearRank = new Map(near.map((e, i) => [e.id, i]));
      const candidates = new Set<IndexedEntry>(near);
      for (const entry of entries) {
        const cover = covers.get(entry)!;
        // A regulation named in the text: all its entries are candidates, those with the words
        // first; a regulation retrieval points to: those that carry some of the words.
        const ofNamed = entry.code !== null && named.has(entry.code);
        const ofLeading = entry.code !== null && leading.has(entry.code);
        if (cover === 1 || ofNamed || (ofLeading && cover >= 0.5)) candidates.add(entry);
      }
      const pool =
        named.size > 0 && [...candidates].some((e) => e.code && named.has(e.code))
          ? [...candidates].filter((e) => e.code && named.has(e.code))
          : [...candidates];
      const scored = pool
        .map((entry) => {
          const rank = nearRank.get(entry.id);
          return {
            entry,
            score:
              2 * (covers.get(entry) ?? 0) +
              (phrases.has(entry) ? PHRASE_BONUS : 0) +
              SOURCE_WEIGHT[entry.source] +
              0.2 * Math.log1p(entry.users) +
              (entry.code && topWeight > 0
                ? (REGULATION_WEIGHT * (codeWeight.get(entry.code) ?? 0)) / topWeight
                : 0) +
              (rank === undefined ? 0 : 1.2 / Math.sqrt(rank + 1)) -
              // Shorter questions first among equals: they are closer to what was typed.
              entry.text.length / 1000,
          };
        })
        .sort((a, b) => b.score - a.score || a.entry.text.localeCompare(b.entry.text, 'pt-BR'));
      // No regulation fills the list while another one retrieval points to has candidates too.
      const chosen: IndexedEntry[] = [];
      const left: IndexedEntry[] = [];
      const perCode = new Map<string, number>();
      for (const { entry } of scored) {
        const n = entry.code ? (perCode.get(entry.code) ?? 0) : 0;
        if (chosen.length >= limit) break;
        if (named.size === 0 && entry.code && n >= MAX_PER_REGULATION) {
          left.push(entry);
          continue;
        }
        if (entry.code) perCode.set(entry.code, n + 1);
        chosen.push(entry);
      }
      for (const entry of left) if (chosen.length < limit) chosen.push(entry);
      return chosen.map((e) => ({ id: e.id, Pergunta: e.text, source: e.source, code: e.code }));
    },
  };
}
