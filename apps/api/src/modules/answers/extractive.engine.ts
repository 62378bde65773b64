/**
 * The default engine, with no network: it picks the retrieved items that answer, quotes their decisive
 * sentences, states in plain words what they establish and cites every one. It never writes a claim
 * that is not a quoted sentence of a cited item, and it abstains when retrieval was not confident.
 */
import { AppError } from '../../lib/app-error';
import { ABSTENTION_MARKDOWN } from './abstention';
import type {
  AnswerEngine,
  AnswerInput,
  AnswerOptions,
  AnswerResult,
  AnswerSource,
} from './answer-engine';
import { toCitation } from './citation';
import { brasiliaDate } from './answer-engine';
import { renderAnswer, type ChosenItem } from './extractive.markdown';
import { parseQuery, type ParsedQuery } from '../retrieval/query';
import { buildRelevance, splitUnits, type Relevance } from './passages';
import { analyzeTerms } from '../retrieval/text/analyzer';
import {
  boundsStated,
  figureUnits,
  limitsStated,
  listsPeriods,
  measuredObject,
  meetsLimit,
  quantitiesGiven,
  statesPeriod,
  withinBound,
  type Quantity,
} from '../retrieval/cues';
import { DOMAIN } from '../retrieval/synonyms';
import { quoteItem } from './quote';
import {
  statedScope,
  unstatedAnnex,
  unstatedScope,
  userTexts,
  writtenForSector,
} from './regulation-scope';
import { quoteTable } from './table-quote';
import { answerTypeOf, type AnswerType } from './answer-type';
import type { ContextPassage } from '../retrieval/retrieval.types';

/** A result below this share of the best score is a different topic, not a second answer. */
const RELATIVE_CUT = 0.6;
/** Another regulation must be nearly as good as the best to join the answer. */
const OTHER_FAMILY_CUT = 0.85;
/** An item whose best sentence answers much worse than the first item's only adds reading. */
const QUOTE_CUT = 0.5;
/** An item far behind the first in merit is a different point, not part of this answer. */
const MERIT_CUT = 0.7;
const MAX_ITEMS = 4;
/**
 * How much the best sentence counts against retrieval's judgement of the whole item when ordering
 * the answer. Retrieval's learned ranking is the better judge of which item answers; the sentence
 * score breaks near-ties (bench/results/answers.md: with equal weight the answer opened with a gold
 * item less often).
 */
const QUOTE_WEIGHT = 0.25;
const SCANNED_RESULTS = 10;
/**
 * An item whose statement gives the kind of answer asked for (a period for "com que frequência", a
 * number for "qual a altura") gains this much merit over one that only matches the words.
 */
const FIT_WEIGHT = 0.35;
/**
 * Only answers of a recognisable shape reorder the items: nearly every item of a list or a rule
 * "fits" a list or yes/no question, so there the fit says nothing about which item answers.
 */
const RANKED_BY_FIT = new Set<AnswerType>(['number', 'deadline', 'who', 'definition']);
/**
 * How far down retrieval's list (share of the first item's score) an item of the same regulation
 * may be and still lead, when it alone gives the kind of answer asked for.
 */
const FIT_REACH = 0.5;
const FIGURE_ANSWERS = new Set<AnswerType>(['number', 'deadline']);
/**
 * How far down retrieval's list an item of the regulation for the sector the user named may be and
 * still lead over a general regulation's.
 */
const SECTOR_REACH = 0.85;
/**
 * What a table row picked out by a quantity the question gives ("para 8 horas" → "85 | 8 horas")
 * gains in merit: it answers for the user's case, where another item's figure answers another.
 */
const VALUE_WEIGHT = 0.5;
/** How far down retrieval's list (share of the first score) such a row stays a candidate. */
const VALUE_REACH = 0.4;

/** This many of the question's terms in a row, in an item's statement, name what was asked. */
const ASKED_PHRASE = 3;

/** Whether the item's statement carries `ASKED_PHRASE` of the question's terms in a row. */
function namesAsked(c: ChosenItem, asked: readonly string[]): boolean {
  const own = analyzeTerms(c.quote.statement ?? c.source.content);
  const at = new Set(asked);
  let run = 0;
  for (const term of own) {
    run = at.has(term) ? run + 1 : 0;
    if (run >= ASKED_PHRASE) return true;
  }
  return false;
}

/** What an item written only for graus de risco other than the user's loses in merit. */
const GRADE_CONFLICT = 0.5;
const GRADE_SAID =
  /(?<!\p{L})(?:graus?\s+(?:de\s+risco\s+)?|GR\s?)(\d)(?:\s*(?:,|e|ou|a)\s*(\d))?(?!\d)/giu;
const GRADE_RULED = /(?<!\p{L})graus?\s+de\s+risco\s+(\d)((?:\s*(?:,|e|ou)\s*\d)*)(?!\d)/giu;

/** The graus de risco the user gave ("grau 3", "grau de risco 3", "GR 3"). */
function gradesSaid(said: readonly string[]): Set<string> {
  const found = new Set<string>();
  for (const text of said)
    for (const m of text.matchAll(GRADE_SAID)) {
      found.add(m[1]!);
      if (m[2]) found.add(m[2]);
    }
  return found;
}

/** The graus de risco an item's rule is written for ("graus de risco 3 e 4"). */
function gradesRuled(content: string): Set<string> {
  const found = new Set<string>();
  for (const m of content.matchAll(GRADE_RULED)) {
    found.add(m[1]!);
    for (const d of m[2]!.match(/\d/g) ?? []) found.add(d);
  }
  return found;
}

/**
 * The categories of equipment the user gave ("caldeira categoria A", "vaso de categoria III") and
 * those an item's rule is written for ("caldeiras de categoria B", "categorias I e II"): like the
 * graus de risco, a rule for other categories only is not the user's.
 */
const CATEGORY = String.raw`(?:[A-E]|I{1,3}|IV|V)`;
const CATEGORY_SAID = new RegExp(
  String.raw`(?<!\p{L})categorias?\s+(?:d[ea]s?\s+)?(${CATEGORY})((?:\s*(?:,|e|ou)\s*${CATEGORY})*)(?![\p{L}\d])`,
  'gu',
);

function categoriesIn(text: string): Set<string> {
  const found = new Set<string>();
  for (const m of text.matchAll(CATEGORY_SAID)) {
    found.add(m[1]!);
    for (const c of m[2]!.match(new RegExp(CATEGORY, 'g')) ?? []) found.add(c);
  }
  return found;
}

/**
 * What an item loses in merit when it bounds the measure asked about only on the other side: its
 * figure is the case the rule is written for ("nas rampas com inclinação superior a 6°, devem ser
 * fixadas peças transversais"), not the limit asked ("qual a inclinação máxima da rampa?").
 */
const LIMIT_CONFLICT = 0.5;

/**
 * What an item loses in merit when every bound it states in a unit of the user's case leaves the
 * user's quantity out: "até 4 (quatro) horas diárias" for operators who work 6 hours a day.
 */
const CASE_CONFLICT = 0.5;

/**
 * The quantities of the user's case: the question's, then those the earlier messages told in units
 * the question does not give ("os operadores fazem 6 horas por dia" before "e as pausas deles?").
 */
function caseQuantities(said: readonly string[]): Quantity[] {
  const found: Quantity[] = [];
  for (const text of said) {
    const own = quantitiesGiven(text);
    const units = new Set(found.map((q) => q.unit));
    found.push(...own.filter((q) => !units.has(q.unit)));
  }
  return found;
}

/** A heading's terms that name how often ("Periodicidade", "frequência", "periódicos"). */
const PERIOD_TERMS = ['period', 'frequenc'];

function isRelative(a: AnswerSource, b: AnswerSource): boolean {
  if (a.regulationId !== b.regulationId) return false;
  return a.item.startsWith(`${b.item}.`) || b.item.startsWith(`${a.item}.`);
}

/** Whether a section is an item the question names by number (with its NR, when it names one). */
function namedItems(query: ParsedQuery): (source: AnswerSource) => boolean {
  return (source) =>
    query.items.some(
      (ref) =>
        ref.label.toLowerCase() === source.item.toLowerCase() &&
        (query.codes.length > 0
          ? query.codes.includes(source.code)
          : (ref.impliedCode ?? source.code) === source.code),
    );
}

/** A parent item that answers this nearly as well as its child leads it. */
const PARENT_SHARE = 0.9;
/** …and this nearly, when the child is the exception for a case the question does not speak of. */
const EXCEPTION_SHARE = 0.7;
/** The opening of an item that states the case it is for: "Em caso de…,", "Na impossibilidade…,". */
const CASE_OPENING =
  /^(?:em caso d[eao]s?|no caso d[eao]s?|caso|sempre que|na impossibilidade|na hip[óo]tese|na falta|na aus[êe]ncia|quando n[ãa]o|n[ãa]o sendo|excepcionalmente)\b[^,;:]{3,160},/iu;

/**
 * Whether a child item opens on a case of its own the question does not speak of: "Em caso de
 * inviabilidade técnica de instalação de internet sem fio…, a operadora deve…" under the rule that
 * gives the internet sem fio. Only the words the parent does not use tell the case; it is the
 * exception, and the rule answers first.
 */
function otherCase(child: string, parent: string, relevance: Relevance): boolean {
  const opening = CASE_OPENING.exec(child.trimStart())?.[0];
  if (opening === undefined) return false;
  const ruled = new Set(analyzeTerms(parent));
  return !analyzeTerms(opening).some((t) => !ruled.has(t) && relevance.weights.has(t));
}

/**
 * A rule reads before its details: a parent item that answers nearly as well moves ahead of its
 * children — unless the question asks for a kind of answer (a deadline, a number, who) that the
 * child gives and the parent does not ("tem prazo?": the child's "até o segundo dia útil").
 */
function parentsFirst(
  items: ChosenItem[],
  merit: (c: ChosenItem) => number,
  typed: boolean,
  relevance: Relevance,
): ChosenItem[] {
  const ordered = [...items];
  for (let i = 0; i < ordered.length; i += 1) {
    const child = ordered[i]!;
    const parent = ordered.findIndex(
      (p, j) =>
        j > i &&
        p.source.regulationId === child.source.regulationId &&
        child.source.item.startsWith(`${p.source.item}.`) &&
        merit(p) >=
          merit(child) *
            (otherCase(child.source.content, p.source.content, relevance)
              ? EXCEPTION_SHARE
              : PARENT_SHARE) &&
        !(typed && child.quote.fits && !p.quote.fits),
    );
    if (parent > i) {
      ordered.splice(i, 0, ...ordered.splice(parent, 1));
      i -= 1;
    }
  }
  return ordered;
}

/** Puts `item` first (moving it if it is already there), keeping the answer to MAX_ITEMS. */
function leadWith(chosen: ChosenItem[], item: ChosenItem): void {
  const at = chosen.indexOf(item);
  if (at >= 0) chosen.splice(at, 1);
  chosen.unshift(item);
  if (chosen.length > MAX_ITEMS) chosen.length = MAX_ITEMS;
}

/** The items that answer, best first, each with what to quote from it. */
export function chooseItems(
  question: string,
  results: readonly AnswerSource[],
  context: readonly ContextPassage[] = [],
  said: readonly string[] = [question],
): ChosenItem[] {
  const ranked = [...results].sort((a, b) => b.score - a.score).slice(0, SCANNED_RESULTS);
  const top = ranked[0];
  if (!top || !(top.score > 0)) return [];
  const relevance = buildRelevance(
    question,
    ranked.flatMap((r) => splitUnits(r.content)),
    context,
  );
  const query = parseQuery(question);
  const found = ranked
    .map((source) => ({
      source,
      quote: quoteItem(source.content, relevance) ?? quoteTable(source.content, relevance),
    }))
    .filter((c): c is ChosenItem => c.quote !== null);
  // A figure of another thing does not answer: asked "a altura máxima de empilhamento de sacos",
  // the 2,25 m of a ladder's landing (NR-11 11.2.8, which never names the sacks) is not the limit
  // of the pile, which 11.2.5 gives. While some item names what the measure is of, one that does
  // not gives no figure for it.
  const object = analyzeTerms(measuredObject(question)).filter((t) => !/^nr-?\d/.test(t));
  // Each item's own text is read once for it.
  const naming = new Set(
    object.length === 0
      ? []
      : found
          .filter((c) => {
            const own = new Set(analyzeTerms(c.source.content));
            return object.some((t) => own.has(t));
          })
          .map((c) => c.source.sectionId),
  );
  // Nor does the limit of another measure: "a distância máxima de 60,00 m para o transporte manual
  // de um saco" for the height of a pile.
  // Nor a figure in the units of another measure: the 6 kN of a fall arrester's impact for "qual a
  // altura máxima…".
  const otherMeasure = (c: ChosenItem) => {
    if (!query.limit) return false;
    const stated = limitsStated(c.source.content);
    if (stated.length > 0 && !stated.some((l) => l.measure === query.limit!.measure)) return true;
    return figureUnits(query.limit.measure, c.source.content) === 'other';
  };
  const otherObject = new Set(
    found
      .filter((c) => (naming.size > 0 && !naming.has(c.source.sectionId)) || otherMeasure(c))
      .map((c) => c.source.sectionId),
  );
  const quoted = found.map((c) =>
    otherObject.has(c.source.sectionId) && c.quote.fits
      ? { ...c, quote: { ...c.quote, fits: false } }
      : c,
  );

  // A table row of the first regulation that a quantity the question gives picks out ("exposto a
  // 90 dB" → "90 | 4 horas") stays a candidate further down than other items.
  const candidates = quoted.filter(
    (c) =>
      c.source.score >=
      top.score *
        (c.source.regulationId !== top.regulationId
          ? OTHER_FAMILY_CUT
          : c.quote.byValue
            ? VALUE_REACH
            : RELATIVE_CUT),
  );
  const bestQuote = Math.max(...candidates.map((c) => c.quote.score));
  if (!(bestQuote > 0)) return candidates.slice(0, 1);
  // Retrieval judges the item as a whole; the quote score judges its best sentence. Both matter,
  // and an item the question names ("o que diz o item 1.4.3?") comes first whatever its sentences say.
  const named = namedItems(query);
  const relevanceType = relevance.answerType;
  // Retrieval's first item is its best judgement of the whole item: it stays in the answer even
  // when another item has the better sentence.
  const first = (c: ChosenItem) => c.source.sectionId === top.sectionId;
  // An item under a heading that names what was asked ("4 Periodicidade dos exames audiométricos"
  // for "qual a periodicidade da audiometria?") answers it, whatever words its own sentences use.
  // Asked how often ("de quanto em quanto tempo fazer audiometria?"), a heading that names the
  // periodicity names what was asked as well as the word itself would, and its item states the
  // period asked for rather than another length of time (the 14 hours of rest before the exam).
  const asked = new Set(query.terms);
  const headingTerms = (source: AnswerSource) =>
    analyzeTerms((source.headingPath.split(' > ').at(-1) ?? '').replace(/^[\d.]+\s+/, ''));
  const periodHeaded = (source: AnswerSource) =>
    query.asksPeriod && PERIOD_TERMS.some((t) => headingTerms(source).includes(t) && !asked.has(t));
  const headed = (source: AnswerSource) => {
    const terms = headingTerms(source);
    const named = [...asked].filter((t) => terms.includes(t)).length;
    return terms.length > 0 && named + (periodHeaded(source) ? 1 : 0) >= 2;
  };
  // Asked how often, an item fits when it states a recurrence ("a cada dois anos", "anualmente"),
  // or is the parent or child of one that does ("o prazo poderá ser de até 3 anos" under "revista
  // a cada dois anos"); a length of time alone is another answer (the 14 hours of rest before the
  // audiometry, the 5 years a PET is kept).
  const recurring = (c: ChosenItem) => {
    const text = c.quote.statement ?? c.source.content;
    return (
      statesPeriod(text, DOMAIN.cues, DOMAIN.quantityWords) ||
      listsPeriods(text, DOMAIN.cues, DOMAIN.quantityWords)
    );
  };
  const recurs = (c: ChosenItem) =>
    recurring(c) ||
    candidates.some((r) => r !== c && isRelative(r.source, c.source) && recurring(r));
  // The grau de risco the user gave ("somos grau 3") rules out a rule written for other graus only
  // ("estabelecimentos de grau de risco 1… à distância").
  const userGrades = gradesSaid(said);
  const userCategories = new Set(said.flatMap((text) => [...categoriesIn(text)]));
  const otherGrade = (c: ChosenItem) => {
    const ownCategories =
      userCategories.size > 0 ? categoriesIn(c.source.content) : new Set<string>();
    if (ownCategories.size > 0 && ![...ownCategories].some((k) => userCategories.has(k)))
      return true;
    if (userGrades.size === 0) return false;
    const own = gradesRuled(c.source.content);
    return own.size > 0 && ![...own].some((g) => userGrades.has(g));
  };
  // The user's case ("6 horas por dia") rules out a rule bounded to other cases only ("até 4 horas")
  // as the answer to how, what or how much. Asked whether a rule applies ("20 dias de atestado,
  // precisa de ASO de retorno?"), the bound that leaves the case out is the answer ("30 dias").
  const userCase = relevanceType === 'yesno' ? [] : caseQuantities(said);
  const outsideCase = (c: ChosenItem) => {
    if (userCase.length === 0) return false;
    const bounds = boundsStated(c.source.content);
    // In a unit the item bounds, none of the user's quantities is held by any of its bounds.
    return [...new Set(userCase.map((q) => q.unit))].some((unit) => {
      const same = bounds.filter((b) => b.unit === unit);
      return same.length > 0 && !withinBound(userCase, same);
    });
  };
  const limitMet = (c: ChosenItem) => meetsLimit(query.limit, limitsStated(c.source.content));
  const otherSide = (c: ChosenItem) => limitMet(c) === 'opposite';
  const meritOf = (c: ChosenItem) =>
    (otherGrade(c) ? -GRADE_CONFLICT : 0) +
    (otherSide(c) || otherObject.has(c.source.sectionId) ? -LIMIT_CONFLICT : 0) +
    (outsideCase(c) ? -CASE_CONFLICT : 0) +
    (c.quote.byValue ? VALUE_WEIGHT : 0) +
    (named(c.source) ? 10 : 0) +
    c.source.score / top.score +
    QUOTE_WEIGHT * (c.quote.score / bestQuote) +
    (c.quote.fits &&
    RANKED_BY_FIT.has(relevanceType) &&
    (!query.asksPeriod || recurs(c)) &&
    !otherSide(c)
      ? FIT_WEIGHT
      : 0);
  // Each item's merit is read by every comparison of the sorts below: worked out once.
  const merits = new Map<ChosenItem, number>();
  const merit = (c: ChosenItem) => {
    let m = merits.get(c);
    if (m === undefined) merits.set(c, (m = meritOf(c)));
    return m;
  };
  const chosen = parentsFirst(
    candidates
      .filter(
        (c) =>
          first(c) ||
          named(c.source) ||
          c.quote.score >= bestQuote * QUOTE_CUT ||
          headed(c.source) ||
          c.quote.byValue === true ||
          // An item that sets the very limit asked ("ângulos inferiores a 15°" for "inclinação
          // máxima") answers, however few of the question's other words its sentences use.
          limitMet(c) === 'answers',
      )
      .sort((a, b) => merit(b) - merit(a))
      .filter((c, i, all) => i === 0 || first(c) || merit(c) >= merit(all[0]!) * MERIT_CUT)
      .slice(0, MAX_ITEMS),
    merit,
    RANKED_BY_FIT.has(relevanceType),
    relevance,
  );
  // The first paragraph states what the regulation retrieval judged best says: an item of another
  // regulation may follow, never lead ("por quanto tempo guardar?" opened with NR-31's documents
  // while NR-33's PET came first). A named item leads wherever it is.
  const lead = chosen.findIndex((c) => c.source.regulationId === top.regulationId);
  if (lead > 0 && !named(chosen[0]!.source)) chosen.unshift(...chosen.splice(lead, 1));
  /**
   * The item that leads in place of `first`, written for a sector or a kind of work the user did
   * not name: of the items retrieval ranks high enough to be chosen at all that `applies` accepts,
   * the one with the best merit, as the items above were ordered. Asked for a figure, a deadline,
   * who or a definition that `first` gave, only an item that gives one too.
   */
  const replacementFor = (first: ChosenItem, applies: (c: ChosenItem) => boolean) =>
    quoted
      .filter(
        (c) =>
          c !== first &&
          applies(c) &&
          c.quote.score > 0 &&
          c.source.score >= top.score * RELATIVE_CUT &&
          (!RANKED_BY_FIT.has(relevanceType) || !first.quote.fits || c.quote.fits),
      )
      .sort((a, b) => merit(b) - merit(a))[0];
  // …unless it is written for a sector the user did not name, and a chosen item comes from the
  // regulation for the sector they did ("solda e corte na construção naval": NR-34, not NR-18's
  // construction sites): its item retrieval ranked highest leads. Every chosen item of another
  // regulation is nearly as good as the first.
  // Failing that, the general item with the best merit leads: "quantas horas de treinamento para
  // vigia de espaço confinado?" after NR-31's items for farms is NR-33's table of training hours,
  // not the PET's "24 horas" that ranks a little higher; "quem pode trabalhar com eletricidade?"
  // after NR-18's networks near a building site is NR-10 10.6.1, "somente… por trabalhadores que
  // atendam ao… item 10.8", not NR-12's circuits of machines that rank higher.
  if (!named(chosen[0]!.source) && unstatedScope(chosen[0]!.source.code, said) !== null) {
    const own = chosen
      .filter((c) => statedScope(c.source.code, said))
      .sort((a, b) => b.source.score - a.source.score)[0];
    const instead =
      own ??
      replacementFor(
        chosen[0]!,
        (c) => !writtenForSector(c.source.code) && !unstatedAnnex(c.source, said),
      );
    if (instead) leadWith(chosen, instead);
  } else if (!named(chosen[0]!.source) && !writtenForSector(chosen[0]!.source.code)) {
    // A general regulation's item first, while the user named a sector whose regulation has its
    // own rule nearly as high ("as reuniões da CIPATR são mensais igual a CIPA?"): the sector's
    // rule is the one that applies there.
    const sector = quoted.find(
      (c) =>
        statedScope(c.source.code, said) &&
        c.quote.score > 0 &&
        c.source.score >= top.score * SECTOR_REACH,
    );
    if (sector) leadWith(chosen, sector);
  }
  // An item of an annex written for a kind of work the user did not name (a diver's ASO, impact
  // noise, a bakery's machines) gives way in the same way to an item outside such annexes and
  // sectors: asked "qual o limite de tolerância para ruído?", continuous noise's 115 dB(A), not
  // impact noise's 130 dB; "20 dias de atestado, precisa de ASO de retorno?", 7.5.9's 30 days,
  // not a caisson worker's 15.
  if (!named(chosen[0]!.source) && unstatedAnnex(chosen[0]!.source, said)) {
    const instead = replacementFor(
      chosen[0]!,
      (c) => !unstatedAnnex(c.source, said) && unstatedScope(c.source.code, said) === null,
    );
    if (instead) leadWith(chosen, instead);
  }
  // A question that names several regulations ("os treinamentos da NR-33 e da NR-35") is answered
  // from each of them: the best item retrieval found in a named regulation the answer lacks joins
  // right after the first, so that the lead's second sentence can come from it.
  const namedCodes = query.codes;
  if (namedCodes.length > 1) {
    let at = 1;
    for (const code of namedCodes) {
      if (chosen.some((c) => c.source.code === code)) continue;
      const best = quoted.find((c) => c.source.code === code && c.quote.score > 0);
      if (best) chosen.splice(at++, 0, best);
    }
    // Over the limit, the last items of a regulation the answer already has make room.
    for (let i = chosen.length - 1; chosen.length > MAX_ITEMS && i > 0; i -= 1) {
      const code = chosen[i]!.source.code;
      if (chosen.filter((c) => c.source.code === code).length > 1) chosen.splice(i, 1);
    }
  }
  // An item that only introduces its parent or child ("Cabe ao empregador:") is completed by the
  // relative that carries the number or the duty, when retrieval found it.
  /** The first item retrieval found, not chosen yet, that is a parent or child of `c` and `gives`. */
  const relativeOf = (c: ChosenItem, gives: (r: ChosenItem) => boolean) =>
    quoted.find(
      (r) =>
        gives(r) &&
        isRelative(r.source, c.source) &&
        !chosen.some((k) => k.source.sectionId === r.source.sectionId),
    );
  for (const c of [...chosen]) {
    if (c.quote.decisive > 0) continue;
    const relative = relativeOf(c, (r) => r.quote.decisive > 0);
    if (relative) chosen.splice(chosen.indexOf(c) + 1, 0, relative);
  }
  // Asked for a deadline, a number, who or a definition that no chosen item gives, while a parent
  // or child of the first one, found by retrieval, gives it ("tem prazo?": "até o segundo dia útil"
  // is in the sub-item of the duty to communicate): that relative leads.
  if (RANKED_BY_FIT.has(relevanceType) && !chosen.some((c) => c.quote.fits)) {
    const fitting = relativeOf(
      chosen[0]!,
      (r) => r.quote.fits && r.source.score >= top.score * RELATIVE_CUT,
    );
    if (fitting) leadWith(chosen, fitting);
  }
  // …and when none of them gives it, an item of the same regulation a little further down
  // retrieval's list that does ("a carga horária do treinamento de NR-10": the 40 hours of Anexo
  // III, not the rule that a refresher's hours fit its cause).
  // Only for a figure: "fits" a definition or who says less ("considera-se trabalhador autorizado
  // para trabalho em altura" fits "o que é trabalho em altura?" as a definition, wrongly).
  // Not when the first item names what was asked in the question's own words ("A distância mínima
  // entre máquinas… deve garantir a segurança"): the norm gives no figure for it, and another
  // item's figure (a light curtain's distance) would answer another question.
  if (
    FIGURE_ANSWERS.has(relevanceType) &&
    !chosen.some((c) => c.quote.fits) &&
    !named(chosen[0]!.source) &&
    !namesAsked(chosen[0]!, query.terms)
  ) {
    const answering = quoted.find(
      (c) =>
        c.quote.fits &&
        c.quote.score > 0 &&
        c.source.regulationId === chosen[0]!.source.regulationId &&
        c.source.score >= top.score * FIT_REACH &&
        !chosen.includes(c),
    );
    if (answering) leadWith(chosen, answering);
  }
  // The rule before its exception among siblings too: NR-35 Anexo I 6.2, "Pode ser autorizada a
  // execução… com ventos superiores a quarenta… e inferiores a quarenta e seis quilômetros por
  // hora, desde que…", relaxes 6.1 just before it, "deve ser interrompido imediatamente em caso de
  // ventos superiores a quarenta quilômetros por hora". The rule leads when retrieval found it
  // nearly as high, and gives what was asked whenever the exception does.
  const head = chosen[0]!;
  if (!named(head.source) && EXCEPTION_OPENING.test(head.source.content.trimStart())) {
    const rule = quoted.find(
      (c) =>
        c.source.regulationId === head.source.regulationId &&
        previousSibling(c.source.item, head.source.item) &&
        c.quote.score > 0 &&
        c.source.score >= head.source.score * EXCEPTION_SHARE &&
        (!RANKED_BY_FIT.has(relevanceType) || !head.quote.fits || c.quote.fits),
    );
    if (rule) leadWith(chosen, rule);
  }
  return chosen;
}

/** An item that opens by relaxing a rule: "Pode ser autorizada…", "Excepcionalmente…". */
const EXCEPTION_OPENING =
  /^(?:pode(?:m|r[áa]|r[ãa]o)? ser autorizad[oa]s?|excepcionalmente|admite-se|fica(?:m)? dispensad[oa]s?)\b/iu;

/** Whether `item` is the sibling right before `other` ("Anexo I 6.1" before "Anexo I 6.2"). */
function previousSibling(item: string, other: string): boolean {
  const at = item.lastIndexOf('.');
  const otherAt = other.lastIndexOf('.');
  if (at < 0 || otherAt < 0 || item.slice(0, at) !== other.slice(0, otherAt)) return false;
  return Number(item.slice(at + 1)) + 1 === Number(other.slice(otherAt + 1));
}

export interface ExtractiveEngineOptions {
  /** The clock that decides whether a wording is already in force; tests fix it. */
  now?: () => Date;
}

/** Small pieces at word boundaries, so the answer can be streamed like model output. */
export function chunkText(text: string, size = 24): string[] {
  const chunks: string[] = [];
  let current = '';
  for (const piece of text.split(/(\s+)/)) {
    current += piece;
    if (current.length >= size && /\s$/.test(piece)) {
      chunks.push(current);
      current = '';
    }
  }
  if (current) chunks.push(current);
  return chunks;
}

export function composeExtractiveAnswer(input: AnswerInput, today: string): AnswerResult {
  const chosen = input.retrieval.abstained
    ? []
    : chooseItems(input.question, input.retrieval.results, input.context, userTexts(input));
  if (chosen.length === 0) return { markdown: ABSTENTION_MARKDOWN, citations: [], abstained: true };
  const said = userTexts(input);
  return {
    markdown: renderAnswer(
      chosen,
      today,
      input.retrieval.partial === true,
      RANKED_BY_FIT.has(answerTypeOf(input.question)),
      (code) => unstatedScope(code, said),
    ),
    citations: chosen.map((c) => toCitation(c.source)),
    abstained: false,
  };
}

export function createExtractiveEngine(options: ExtractiveEngineOptions = {}): AnswerEngine {
  const now = options.now ?? (() => new Date());
  return {
    kind: 'extractive',
    async answer(input: AnswerInput, { signal, onDelta }: AnswerOptions = {}) {
      if (signal?.aborted) throw new AppError('ANSWER_TIMEOUT');
      const result = composeExtractiveAnswer(input, brasiliaDate(now()));
      if (onDelta) for (const chunk of chunkText(result.markdown)) onDelta(chunk);
      return result;
    },
  };
}
