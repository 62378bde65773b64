/**
 * A follow-up in a chat read with the conversation (decision record 0027): "ele", "esse
 * equipamento", "e para 150 empregados?" are resolved against the subject of the previous question,
 * and the regulation the last answer cited stays in focus unless the message names another one.
 */
import { NUMBER_WORD } from '../answers/passages';
import synonyms from '../retrieval/data/synonyms.pt-BR.json' with { type: 'json' };
import { escapeRegExp } from '../retrieval/synonyms';
import { STOP_WORDS } from '../retrieval/text/analyzer';
import { foldText } from '../retrieval/text/normalize';

const NR_CODE = /\bnr\s*-?\s*\d{1,2}\b/gi;
/** "EPI" → "equipamento de proteção individual", from the domain's data. */
const ABBREVIATIONS: readonly { term: string; expansion: string }[] = synonyms.abbreviations;
/** "na NR-35", "pela NR 11", "da NR-10": where, not what. */
const NR_PHRASE =
  /\s*\b(?:n[ao]s?|pel[ao]s?|d[eao]s?|segundo a|conforme a|de acordo com a)?\s*nr\s*-?\s*\d{1,2}\b/gi;
// Words a subject does not start with: the aspect asked about, not the thing.
const ASPECT =
  /^(?:requisitos?|regras?|exig[êe]ncias?|obriga[çc][õo]es|fun[çc][õo]es|atribui[çc][õo]es|tipos?|graus?|percentuais|cuidados|medidas|normas?|itens?|condi[çc][õo]es|carga|hor[áa]ria|prazos?|validade|periodicidade|frequ[êe]ncia|conte[úu]do|jornada|dura[çc][ãa]o|m[áa]xim[ao]s?|m[íi]nim[ao]s?)$/i;
// Words that open a modifier of the subject's noun phrase ("tipo paraquedista", "para entrar em…").
const MODIFIER_START = new Set([
  'tipo',
  'em',
  'no',
  'na',
  'nos',
  'nas',
  'num',
  'numa',
  'para',
  'pra',
  'pro',
  'com',
  'e',
]);
/** Words after which a noun stands beside the head ("fábrica com 40 operadores", "X e Y"). */
const ACCOMPANYING = new Set(['com', 'e']);
// Words that join a noun phrase: its modifiers, its "de" complements, "NR" ("treinamentos de NR").
const CONNECTORS = new Set([...MODIFIER_START, 'de', 'do', 'da', 'dos', 'das', 'nr', 'nrs']);
// Words that make a question, not its subject.
const NOT_SUBJECT = new Set(
  [
    'qual',
    'quais',
    'quando',
    'como',
    'onde',
    'quem',
    'quanto',
    'quantos',
    'quantas',
    'quanta',
    // "A partir de qual profundidade…": the words of the question, not its subject.
    'partir',
    'funciona',
    'funcionam',
    'diz',
    'fala',
    'exige',
    'exigem',
    'preve',
    'deve',
    'devem',
    'pode',
    'podem',
    'posso',
    'precisa',
    'precisam',
    'tem',
    'tenho',
    'serve',
    'servem',
    'obriga',
    'cumprir',
    'sobre',
    'pela',
    'pelo',
    'segundo',
    'conforme',
    'nr',
    'norma',
    // What the user wants, not what it is about ("…e queria saber das regras").
    'queria',
    'gostaria',
    'quero',
    'saber',
    // Adverbs: how and when, not what ("Ele não tem experiência", "fica lá em cima").
    'não',
    'cima',
    'vezes',
    'sempre',
    'amanhã',
    'ontem',
    // "essa mesma regra": the noun comes after it.
    'mesmo',
    'mesma',
    'mesmos',
    'mesmas',
    // How someone does something ("pode operar sozinho"), not what it is about.
    'sozinho',
    'sozinha',
    'sozinhos',
    'sozinhas',
    // Conjunctions that open a clause ("Enquanto ele estiver valendo…"): no noun for a pronoun.
    'enquanto',
    'embora',
    'porque',
    'pois',
    'então',
  ].map(foldText),
);

// After these a word is a verb ("tem que pagar", "pode operar", "precisa emitir"), not a subject.
const MODALS = new Set(
  [
    'pode',
    'podem',
    'posso',
    'deve',
    'devem',
    'devo',
    'precisa',
    'precisam',
    'preciso',
    'que',
    'vai',
    'vou',
    'para',
    'pra',
    // "Vamos trocar a cobertura", "Queremos instalar…": what the speaker is going to do.
    'vamos',
    'queremos',
    'precisamos',
    'devemos',
    'podemos',
  ].map(foldText),
);

const ANAPHORA =
  /(?<!\p{L})(?:ele|ela|eles|elas|dele|dela|deles|delas|nele|nela|neles|nelas|isso|disso|nisso|isto|disto|esse|essa|esses|essas|desse|dessa|desses|dessas|nesse|nessa|nesses|nessas|este|esta|estes|estas|deste|desta|neste|nesta|o mesmo(?=\s*(?:[?.,!]|$|vale|serve|se aplica))|a mesma(?=\s*(?:[?.,!]|$|vale|serve|se aplica)))(?!\p{L})/iu;
const DEMONSTRATIVE_NP =
  /(?<!\p{L})(d|n)?(esse|essa|esses|essas|este|esta|estes|estas)\s+(\p{L}+)/iu;
const PRONOUN = /(?<!\p{L})(d|n)?(?:ele|ela|eles|elas)(?!\p{L})/iu;
/**
 * "E para instalação classe III?", "E se for…", "E com 45 empregados…": a condition on the
 * previous question, not a thing of its own.
 */
const CONDITION_START =
  /^\s*(?:e|mas)\s+(?:para|pra|pro|com|se|no caso d[eoa]s?|em|no|na|nos|nas|num|numa|quando|durante|sem)\s+/i;
/**
 * "De quanto tempo?", "Por quanto tempo?", "A partir de quando?": a complement of the previous
 * question.
 */
const FRAGMENT_START =
  /^\s*(?:de|por|com|em|a partir de|at[ée]|para|pra|desde|depois de|antes de|dentro de)\s+(?:qu[eê]|qual|quais|quanto|quantos|quantas|quantidade|quem|quando|onde)(?!\p{L})/iu;
/**
 * A fragment has at most this many content words ("De quanto tempo, e depois de quanto trabalho
 * contínuo?" has four).
 */
const FRAGMENT_WORDS = 4;
/**
 * A modal and its verb make a whole question, however short: not a complement of the previous one.
 * So does "é obrigatório" with its verb ("Em quais embarcações é obrigatório constituir o GSSTB?");
 * without one ("Em quais casos é obrigatório?") it completes the previous question.
 */
const FULL_CLAUSE =
  /(?<!\p{L})(?:deve|devem|pode|podem|precisa|precisam|t[eê]m que|tem de|t[eê]m de|(?:[ée]|s[ãa]o) (?:obrigat[óo]ri|necess[áa]ri|proibid|permitid|vedad|exigid)[oa]s?)\s+\p{L}+/iu;
/** An item's number: "1.4.3", "35.1.2.1", "item 6.3". */
const ITEM_NUMBER =
  /(?<![\d.,])\d{1,2}\.\d{1,3}\.\d{1,3}(?:\.\d{1,3})*(?![\d])|(?<!\p{L})itens?\s+\d{1,2}\.\d{1,3}/iu;
const ELLIPSIS_START = /^\s*(?:e|mas|e se|e quanto a|e sobre|e no caso d[eoa]s?)\s+/i;
/**
 * "precisam ser refeitos?", "tem que ser assinado por engenheiro?": a passive with no subject before
 * it, whose participle agrees with a thing the conversation named ("os crachás").
 */
const SUBJECTLESS_PASSIVE =
  /^\s*(?:e\s+)?(?:precisa|precisam|tem\s+que|t[êe]m\s+que|tem\s+de|deve|devem|pode|podem|vai|v[ãa]o)\s+ser\s+\p{L}+(?:ad|id|it|eit|ost|ert|ess)[oa]s?(?!\p{L})/iu;
/** "E o engenheiro de segurança?": a noun phrase and nothing else. */
const BARE_ELLIPSIS =
  /^\s*(?:e|mas)\s+(?!se\s)(?:(?:para|pra|quanto a|sobre)\s+)?(?:o|a|os|as)?\s*(\p{L}[\p{L}\s-]{1,60}?)\s*\?*\s*$/iu;
/** "um talabarte desses", "uma máquina dessas": one of that kind. */
const KIND_OF =
  /(?<!\p{L})(um|uma|uns|umas)\s+(\p{L}+)\s+(?:desse|dessa|desses|dessas|deste|desta|destes|destas)(?!\p{L})/iu;
/** "E o periódico," / "E o periódico?": a kind of the thing asked about before. */
const KIND_ELLIPSIS = /^\s*(?:e|mas)\s+(?:o|a|os|as)\s+(\p{L}+)(?=\s*[,?]|\s*$)/iu;
/** Kinds that stand for one another: trainings, medical examinations. */
const KINDS: readonly (readonly string[])[] = [
  ['inicial', 'periodico', 'eventual', 'reciclagem'],
  ['admissional', 'periodico', 'demissional'],
].map((group) => group.map(foldText));

/** The previous question with its kind word replaced by `word` ("inicial" → "periódico"), or null. */
function swapKind(previous: string, word: string): string | null {
  const asked = foldText(word).replace(/s$/, '');
  const group = KINDS.find((g) => g.includes(asked));
  if (!group) return null;
  const tokens = previous.split(/([^\p{L}]+)/u);
  const at = tokens.findIndex((t) => {
    const w = foldText(t).replace(/s$/, '');
    return w !== asked && group.includes(w);
  });
  if (at < 0) return null;
  tokens[at] = word.toLowerCase();
  return tokens.join('');
}

/** "E as do trabalhador?", "E a do operador de grua?", "E do vigia?": the same thing of another holder. */
const HOLDER_ELLIPSIS =
  /^\s*(?:e|mas)\s+(?:(?:o|a|os|as)\s+)?(d[oa]s?|de)\s+(\p{L}[\p{L}\s-]{1,60}?)\s*\?*\s*$/iu;
/** "classe III", "grau 3", "categoria B": a noun and the figure that grades it. */
const GRADED = /(\p{L}{3,})\s+([IVX]{1,4}|\d{1,2}|[A-E])(?![\p{L}\p{N}])/u;
const NUMBER_WITH_NOUN = /(\d+(?:[.,]\d+)?)\s*(\p{L}+)/u;

/**
 * What a message that tells the case ("Já temos a PET pronta.") carried from the conversation once
 * resolved: "… (subject)?" after its full stop. A question's carried subject ("o equipamento (cinto
 * de segurança)") says what its own words stand for, and stays.
 */
const CARRIED_BY_STATEMENT = /(?<=[.!])\s*\([^()]*\)\?\s*$/;

const ARTICLE: Record<string, string> = { esse: 'o', essa: 'a', esses: 'os', essas: 'as' };

function isContent(word: string): boolean {
  const w = foldText(word);
  return w.length >= 2 && !STOP_WORDS.has(w) && !NOT_SUBJECT.has(w);
}

function contentWordsOf(text: string): string[] {
  return foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 3 && !STOP_WORDS.has(w) && !NOT_SUBJECT.has(w));
}

function contentWordCount(text: string): number {
  return contentWordsOf(text).length;
}

/**
 * The subject of a question: its longest run of content words and connectors ("cinto de
 * segurança tipo paraquedista", "PET para entrar em espaço confinado"), without the NR named
 * and without an aspect word in front ("requisitos do…").
 */
export function subjectOf(question: string): string {
  let best = '';
  let bestCount = 0;
  const asked = askedSentence(question);
  for (const phrase of phrasesOf(asked && hasOwnSubject(asked) ? asked : question)) {
    if (phrase.count > bestCount) {
      best = phrase.text;
      bestCount = phrase.count;
    }
  }
  return best;
}

/**
 * The sentences that ask, when a message tells its case first ("O pessoal vai fazer manutenção no
 * telhado. Precisa emitir permissão de trabalho?"): null for a message of one sentence, or one
 * that asks nothing.
 */
function askedSentence(text: string): string | null {
  // A sentence ends at a stop followed by a space: "item 33.5.9" and "1,5 m" stay whole.
  const sentences = text
    .split(/(?<=[.!?])\s+/)
    .map((t) => t.trim())
    .filter(Boolean);
  if (sentences.length < 2) return null;
  const asking = sentences.filter((t) => t.endsWith('?'));
  return asking.length > 0 && asking.length < sentences.length ? asking.join(' ') : null;
}

interface Phrase {
  text: string;
  /** Its content words, aspect words in front left out. */
  count: number;
}

/**
 * The noun phrases a question names, in order: runs of content words and connectors, without an
 * aspect word in front. What follows "sem" is what the case lacks ("caldeira… sem sistema de
 * gerenciamento"), not what it is about, and is left out.
 */
export function phrasesOf(question: string): Phrase[] {
  const text = question
    .replace(NR_PHRASE, ' ')
    .replace(/[?!.:;]+/g, ' | ')
    .replace(/[()]/g, ' , ')
    .replace(/,/g, ' , ');
  const tokens = text.split(/\s+/).filter(Boolean);
  let sentenceStart = true;
  const phrases: Phrase[] = [];
  let run: string[] = [];
  let count = 0;
  let negated = false;
  const close = () => {
    while (run.length > 0 && CONNECTORS.has(run.at(-1)!.toLowerCase())) run.pop();
    while (run.length > 1 && ASPECT.test(run[0]!)) {
      run.shift();
      while (run.length > 0 && CONNECTORS.has(run[0]!.toLowerCase())) run.shift();
      count -= 1;
    }
    if (count > 0 && !negated) phrases.push({ text: run.join(' '), count });
    run = [];
    count = 0;
  };
  let previousWord = '';
  tokens.forEach((token, at) => {
    // A sentence's end closes its phrase.
    if (token === '|') {
      close();
      sentenceStart = true;
      previousWord = '';
      return;
    }
    const w = foldText(token);
    // "Trabalho num call center…", "Comprei capacetes…": the speaker's own verb opens the sentence.
    const speaker = sentenceStart && speakerVerb(w, foldText(tokens[at + 1] ?? ''));
    sentenceStart = false;
    const verb = (run.length === 0 && MODALS.has(previousWord)) || speaker;
    if (run.length === 0) negated = previousWord === 'sem';
    previousWord = w;
    // "caldeira categoria B", "instalação classe III": the grade belongs to the thing.
    const grade = run.length > 0 && /^(?:[A-E]|[IVX]{1,4})$/.test(token);
    // "escada de 3 metros": a measure, not a thing a pronoun can stand for.
    const measure = /^\d+(?:[.,]\d+)?$/.test(tokens[at - 1] ?? '') && UNITS.has(w);
    const content =
      grade ||
      (!measure &&
        /^[\p{L}\p{N}-]+$/u.test(token) &&
        // "com 85 o limite…": a bare figure is no thing, though it may close one ("classe 2").
        (run.length > 0 || !/^\d+(?:[.,]\d+)?$/.test(token)) &&
        !STOP_WORDS.has(w) &&
        !NOT_SUBJECT.has(w) &&
        // "exatamente", "atualmente": adverbs say how, not what.
        !/^\p{L}{4,}mente$/u.test(w) &&
        w.length >= 2 &&
        !verb);
    if (content) {
      run.push(token);
      count += 1;
    } else if (run.length > 0 && CONNECTORS.has(token.toLowerCase())) run.push(token);
    else close();
  });
  close();
  return phrases;
}

/** Units of measure: after a number they measure the thing, they are not one. */
const UNITS = new Set(
  'm metro metros cm mm km h hora horas min minuto minutos dia dias mes meses ano anos grau graus kg quilos toneladas litros l kw kva v volts vezes andares pessoas'
    .split(' ')
    .map(foldText),
);

/** A figure with its unit, for the measure a noun names ("essa tensão" → "13,8 kV"). */
const withUnit = (units: string) =>
  new RegExp(`(?<![\\d.,])-?\\d+(?:[.,]\\d+)?\\s*(?:${units})(?![\\p{L}\\d])`, 'iu');
const LENGTH = withUnit('m|metros?|cm|mm|km');
const MEASURES: Readonly<Record<string, RegExp>> = {
  tensao: withUnit('kV|V|volts?'),
  altura: LENGTH,
  profundidade: LENGTH,
  distancia: LENGTH,
  largura: LENGTH,
  comprimento: LENGTH,
  temperatura: withUnit('°\\s*C|ºC|graus'),
  carga: withUnit('kg|t|toneladas?|quilos?'),
  potencia: withUnit('kW|kVA|cv|hp'),
  // "com esse valor" after "…o oxigênio deu 19,7%": whatever was measured.
  valor: withUnit('%|ppm|mg/m³|dB\\s*\\(?A?\\)?|kV|V|m|cm|°\\s*C|ºC|kg|lux'),
};

/** Verbs a user opens a sentence with to tell their situation ("Tenho…", "Vou contratar…"). */
const SPEAKER_VERBS = new Set(
  [
    'tenho',
    'temos',
    'sou',
    'somos',
    'estou',
    'estamos',
    'vou',
    'vamos',
    'fiz',
    'fizemos',
    'faço',
    'fazemos',
    'tive',
    'tivemos',
    'uso',
    'usamos',
    'preciso',
    'precisamos',
    'queremos',
    'trabalhamos',
    'pago',
    'pagamos',
    'moro',
    'atuo',
    // "Sei que com 85 o limite é 8 horas.": what the speaker knows or thinks.
    'sei',
    'sabemos',
    'acho',
    'achamos',
    'creio',
    'imagino',
    'entendo',
    'entendemos',
  ].map(foldText),
);
/**
 * After "Trabalho" these make it the verb ("Trabalho num call center", "Trabalho como técnico"),
 * not the noun ("Trabalho em altura").
 */
const AFTER_WORKING = new Set(['num', 'numa', 'na', 'no', 'como']);

/**
 * Whether a sentence's first word is the speaker's verb: listed, "trabalho num…", or a first
 * person of the past or plural ("comprei", "contratamos").
 */
function speakerVerb(word: string, next: string): boolean {
  if (SPEAKER_VERBS.has(word)) return true;
  if (word === 'trabalho') return AFTER_WORKING.has(next);
  return /^\p{L}{3,}(?:ei|amos|emos|imos)$/u.test(word) && !STOP_WORDS.has(word);
}

/** Whether the message names a thing of its own, not only an aspect ("a carga horária mínima"). */
function hasOwnSubject(text: string): boolean {
  return subjectOf(text)
    .split(/\s+/)
    .some((w) => isContent(w) && !ASPECT.test(w) && !CONNECTORS.has(w.toLowerCase()));
}

/**
 * What a pronoun stands for when the message asks something of its own: the subject's noun phrase
 * without its modifiers ("cinto de segurança tipo paraquedista" → "cinto de segurança",
 * "prontuário de instalações elétricas" stays). The whole subject would outweigh what the message
 * asks ("a partir de qual altura ele é obrigatório"): the items that describe the thing, not the
 * one that answers the new question, would rank first.
 */
export function referentOf(subject: string): string {
  const tokens = subject.split(/\s+/).filter(Boolean);
  const end = tokens.findIndex((t, i) => i > 0 && MODIFIER_START.has(foldText(t)));
  return (end < 0 ? tokens : tokens.slice(0, end)).join(' ');
}

/** Nouns ending in -a that are masculine ("o sistema"). */
const MASCULINE_IN_A = new Set([
  'sistema',
  'problema',
  'programa',
  'esquema',
  'diagrama',
  'dia',
  'mapa',
  'clima',
  'tema',
  'idioma',
]);

/** "EPI", "NR-35", "ASO": capitals (and digits), which tell neither gender nor number. */
function isAcronym(word: string): boolean {
  return /^(?=.*\p{Lu})[\p{Lu}\p{N}-]{2,}$/u.test(word);
}

/** People whose noun's ending does not tell their gender ("meu pai… ele pode"). */
const PERSON_GENDER: Record<string, 'f' | 'm'> = {
  pai: 'm',
  mae: 'f',
  homem: 'm',
  mulher: 'f',
  rapaz: 'm',
  jovem: 'm',
};

/**
 * The gender a noun most likely has, from its ending ("caldeira", "inspeção" → f; "cinto",
 * "operador", "botão" → m); null when the ending does not tell ("andaime", "telemarketing", "PET").
 */
export function genderOf(noun: string): 'f' | 'm' | null {
  if (isAcronym(noun)) return null;
  const w = foldText(noun)
    .replace(/[oa]es$/, 'ao')
    .replace(/res$/, 'r')
    .replace(/s$/, '');
  // "o eletricista", "a motorista": the ending tells no gender.
  if (w.endsWith('ista')) return null;
  const person = PERSON_GENDER[w];
  if (person) return person;
  if (/(?:cao|sao|dade|gem)$/.test(w)) return 'f';
  if (MASCULINE_IN_A.has(w)) return 'm';
  if (w.endsWith('a')) return 'f';
  if (/(?:o|or|al|el|il|ul)$/.test(w)) return 'm';
  return null;
}

/**
 * The part of the subject a pronoun of that gender stands for. The subject is split at its "de"
 * complements ("placa | identificação | caldeira"); a possessive ("o prontuário dela") stands for the
 * last part that agrees with it — the owner is the thing named last — and "ele"/"nele" for the
 * first one, the head; a part that does not agree is skipped ("ele" after "cinto de segurança" is
 * the cinto). Null when no part agrees.
 */
function agreeingPart(
  subject: string,
  gender: 'f' | 'm',
  plural: boolean,
  possessive: boolean,
): string | null {
  const tokens = subject.split(/\s+/).filter(Boolean);
  const starts = [0];
  tokens.forEach((t, i) => {
    if (/^d[eoa]s?$/i.test(t) && i + 1 < tokens.length) starts.push(i + 1);
    else if (!possessive && ACCOMPANYING.has(foldText(t)) && i + 1 < tokens.length) {
      // "supermercado com 40 operadores": the noun after a figure. A place ("serviço na
      // cobertura") is where the thing is, not the thing.
      const next = /^\d/.test(tokens[i + 1]!) ? i + 2 : i + 1;
      if (next < tokens.length) starts.push(next);
    }
  });
  if (possessive) starts.reverse();
  const start = starts.find(
    (s) => genderOf(tokens[s]!) === gender && isPlural(tokens[s]!) === plural,
  );
  return start === undefined ? null : tokens.slice(start).join(' ');
}

/** "trabalhadoras", "caldeiras": a plural noun (acronyms and short words are left alone). */
function isPlural(noun: string): boolean {
  return !isAcronym(noun) && /[aeiouãõ]s$/i.test(noun) && noun.length > 3;
}

/**
 * What a pronoun stands for: the part of the subject that agrees with it in gender and number; else
 * the nearest other phrase of the previous question that does ("ela" after "Uma das trabalhadoras
 * contou que está grávida" → "grávida"), unless the subject's head does not tell its gender ("ela"
 * after "a PET"); null when nothing can be it.
 */
function pronounReferent(
  previous: string,
  subject: string,
  gender: 'f' | 'm',
  plural: boolean,
  possessive: boolean,
): string | null {
  const own = agreeingPart(subject, gender, plural, possessive);
  if (own) return own;
  // "ele" after "o EPI": an acronym does not tell, and the subject is what the chat is about.
  if (genderOf(subject.split(/\s+/)[0] ?? '') === null) return subject;
  const others = phrasesOf(previous)
    .map((p) => p.text)
    .filter((p) => p !== subject)
    .reverse();
  for (const phrase of others) {
    const part = agreeingPart(phrase, gender, plural, possessive);
    if (part) return part;
  }
  // "dele" after "A pasta do PGR já tá cheia…": no noun agrees, but an acronym's article tells its
  // gender ("do PGR"); the first one named is what the sentence is about.
  if (!plural) {
    const told = [
      ...previous.matchAll(/(?<!\p{L})(\p{L}+)\s+(\p{Lu}[\p{Lu}\p{N}-]+)(?![\p{L}\p{N}])/gu),
    ].find(
      // "a NR-17" is the regulation the chat asks about, never what "ela" stands for.
      (m) => ARTICLE_GENDER[m[1]!.toLowerCase()] === gender && !/^NRs?(?:-?\d+)?$/i.test(m[2]!),
    );
    if (told) return told[2]!;
  }
  // "deles" after "…plano de prevenção pra isso (perfurocortantes)?": a plural whose gender the
  // ending does not tell agrees in number, the only thing it shows.
  if (plural)
    for (const phrase of [subject, ...others]) {
      const head = phrase.split(/\s+/)[0] ?? '';
      if (genderOf(head) === null && isPlural(head)) return phrase;
    }
  return null;
}

/**
 * The message without what stands for its own words, so that only what points back at the
 * conversation is left:
 * - the demonstratives of time ("este ano", "nesse mês"), which point at no earlier message;
 * - "esse X" when the message itself named X ("…num sistema eletrônico? Esse sistema precisa…");
 * - "isso" after a case the message tells at length;
 * - the pronouns that stand for the message's own nouns (`ownPronoun`).
 * The message unchanged when it has none of them.
 */
function withoutOwnPronoun(text: string): string {
  let rest = text.replace(TIME_DEMONSTRATIVE, ' ');
  // "…parou o setor por uns 10 dias. Nesse período, tenho que pagar…?": the span the message gave.
  const span = PERIOD_DEMONSTRATIVE.exec(rest);
  if (span && DURATION_NAMED.test(rest.slice(0, span.index)))
    rest = rest.slice(0, span.index) + rest.slice(span.index + span[0].length);
  // "Posso usar biometria num sistema eletrônico? Esse sistema precisa…", "quero adaptar uma sala…
  // O que essa sala precisa ter?": the message named the thing itself.
  // "Vou contratar coletores de lixo urbano: qual o grau de insalubridade dessa atividade…?": a
  // word for whatever was just described ("atividade", "serviço", "situação") after a clause of the
  // message's own that names a few things is that clause.
  rest = rest.replace(new RegExp(DEMONSTRATIVE_NP.source, 'giu'), (np, _p, _d, noun, at) => {
    const said = rest.slice(0, at);
    const earlier = said.split(/[^\p{L}\p{N}]+/u);
    const named = earlier.some((w) => w.length > 2 && sameNoun(w, noun));
    return named || (DESCRIBED.has(foldText(noun)) && tellsOwnCase(said)) ? ` ${noun}` : np;
  });
  // "A gente tira os protetores da caixa e coloca num pote na portaria. Tem alguma exigência
  // nisso?": after a case the message tells at length, "isso" is that case.
  // "uso a moto só pra ir de casa pro serviço e voltar, isso me dá direito a adicional…?": right
  // after a clause of the message's own that names a few things, an "isso" that asks something of
  // its own takes that clause up. "Tenho 30 empregados e grau de risco 3. Isso muda?" asks about
  // the chat's answer, and "e se…, isso…" sets a condition on the chat's question: both stay.
  const isso = /(?<!\p{L})(?:isso|disso|nisso|isto|disto|nisto)(?!\p{L})/iu.exec(rest);
  if (isso) {
    const said = rest.slice(0, isso.index);
    const asked = rest.slice(isso.index + isso[0].length);
    const takesUp =
      /[,;:.!]\s*$/.test(said) &&
      tellsOwnCase(said) &&
      contentWordCount(asked) >= TAKEN_UP_WORDS - 1;
    if (takesUp || contentWordCount(said) >= OWN_CASE_WORDS) rest = said + asked;
  }
  let from = 0;
  for (;;) {
    const pronoun = new RegExp(PRONOUN.source, 'iu').exec(rest.slice(from));
    if (!pronoun) return rest;
    const at = from + pronoun.index;
    if (ownPronoun(rest.slice(0, at), pronoun))
      rest = rest.slice(0, at) + rest.slice(at + pronoun[0].length);
    else from = at + pronoun[0].length;
  }
}

/**
 * Whether the text before a word that takes something up is a case of the message's own: a few
 * things named, and not a condition set on the chat's question ("e se…", "se a empresa tiver…").
 */
function tellsOwnCase(said: string): boolean {
  return (
    contentWordCount(said) >= TAKEN_UP_WORDS &&
    !ELLIPSIS_START.test(said) &&
    !CONDITION_START.test(said) &&
    !/^\s*(?:se|caso|quando|no caso|na hip[óo]tese)(?!\p{L})/iu.test(said)
  );
}

/**
 * Whether a pronoun stands for a noun of its own message, given the text before it:
 * - it opens a clause after a noun it agrees with: "funcionário ficou 7 meses afastado, quando ele
 *   voltar…", "Quem pode assinar o LTCAT e ele tem prazo?", "quanto ela vibra"; not "o que define
 *   ele", where "ele" is the object;
 * - after a preposition, it agrees with a noun of the message before the one its phrase hangs on:
 *   "Tenho 25 funcionários e quero adaptar uma sala pra eles", not "os cuidados com eles";
 * - after a case told at length, it stands for the person the case names: "Um funcionário … foi
 *   eleito pra CIPA. Quando o contrato vencer, sou obrigado a manter ele…".
 * A possessive ("a válvula dela") is the owner of the thing before it, which the chat named, unless
 * a case told at length names people it agrees with ("Contratei quatro coletores… o exame deles").
 */
function ownPronoun(before: string, pronoun: RegExpExecArray): boolean {
  const told = contentWordCount(before) >= OWN_CASE_WORDS;
  const word = foldText(pronoun[0]).replace(/^[dn](?=el)/, '');
  const gender = /^elas?$/.test(word) ? 'f' : 'm';
  const plural = word.endsWith('s');
  const phrases = phrasesOf(before);
  const agrees = (p: Phrase) => {
    const text = p.text.replace(COUNT, '');
    const head = text.split(/\s+/)[0] ?? '';
    return (
      agreeingPart(text, gender, plural, false) !== null ||
      // "o eletricista… ele", "a motorista… ela": the ending tells no gender, the number does.
      (/istas?$/i.test(head) && isPlural(head) === plural) ||
      // "todo EPI precisa ter gravadas nele": an acronym tells neither.
      (!plural && isAcronym(head))
    );
  };
  const person = (p: Phrase) => p.text.split(/\s+/).some(isRole);
  // "Vou contratar coletores de lixo urbano: … o treinamento inicial deles?": after a case told at
  // length, a possessive stands for the people the case names; short, it is the owner the chat named.
  if (pronoun[1]?.toLowerCase() === 'd') return told && phrases.filter(person).some(agrees);
  const opensClause =
    /(?:[,.;:!?]|(?<!\p{L})(?:quando|se|que|enquanto|porque|e|mas|onde|como|quanto|assim|ent[ãa]o|a[ií]|tamb[ée]m))\s*$/iu.test(
      before,
    ) ||
    /(?<!(?<!\p{L})o\s)(?<!\p{L})(?:que|quais?|quant[oa]s?)(?:\s+\p{L}+){1,3}\s*$/iu.test(before);
  // "nele", "nela": "em" and the pronoun, a preposition's object like "pra eles".
  const afterPreposition =
    pronoun[1] !== undefined || /(?<!\p{L})(?:pra|para|com|entre|sobre|por)\s*$/iu.test(before);
  const candidates = opensClause
    ? phrases
    : afterPreposition
      ? phrases.slice(0, -1)
      : told
        ? phrases.filter(person)
        : [];
  // "um dos meus funcionários tem 63 anos, ele pode…", "se uma das farmacêuticas engravidar,
  // ela…": one of the people or things the message names.
  const oneOf = ONE_OF.exec(before);
  return (
    (oneOf !== null &&
      !plural &&
      isContent(oneOf[2]!) &&
      (oneOf[1]!.toLowerCase() === 'uma' ? 'f' : 'm') === gender) ||
    // "25 funcionários": the noun after its count.
    candidates.some(agrees) ||
    // "o pessoal da desossa trabalha 8h48… Quanto tempo de pausa eles têm…?", "…pra eles?".
    (plural && (opensClause || afterPreposition || told) && COLLECTIVE_PEOPLE.test(before)) ||
    // "o LTCAT e ele…": an acronym's article tells its gender; "MEI precisa elaborar PGR? E se
    // ele…": an acronym that opens the message is its subject, of either gender.
    (opensClause &&
      !plural &&
      ([...before.matchAll(ACRONYM_WITH_ARTICLE)].some(
        (m) => ARTICLE_GENDER[m[1]!.toLowerCase()] === gender,
      ) ||
        isAcronym(/^\s*([\p{L}\p{N}-]+)/u.exec(before)?.[1] ?? '')))
  );
}

/** "um dos meus funcionários", "uma das trabalhadoras": one person of a group. */
const ONE_OF =
  /(?<!\p{L})(um|uma)\s+d[oa]s\s+(?:(?:meus|minhas|nossos|nossas|seus|suas)\s+)?(\p{L}+)/iu;

/** "25 funcionários", "três eletricistas": the count before a noun. */
const COUNT = new RegExp(`^(?:\\d+|${NUMBER_WORD})\\s+`, 'iu');

/** A message that tells its case in this many content words before "isso" means its own case. */
const OWN_CASE_WORDS = 6;
/**
 * A clause of this many content words, closed by a comma or a stop, is what an "isso" after it
 * takes up, when what follows "isso" has one fewer of its own.
 */
const TAKEN_UP_WORDS = 3;

/** "o LTCAT", "da PET": an acronym after the article or preposition that tells its gender. */
const ACRONYM_WITH_ARTICLE = /(?<!\p{L})(\p{L}+)\s+(\p{Lu}[\p{Lu}\p{N}-]+)(?![\p{L}\p{N}])/gu;

/** Words for whatever was just described: "essa atividade", "nesse serviço", "dessa situação". */
const DESCRIBED = new Set(
  'atividade atividades servico servicos trabalho tarefa tarefas funcao situacao caso operacao operacoes procedimento'.split(
    ' ',
  ),
);
/** "nesse período", "durante esse tempo": a span of time, the message's own when it gave one. */
const PERIOD_DEMONSTRATIVE =
  /(?<!\p{L})[dn]?(?:este|esse|esta|essa|aquele|aquela)\s+(?:per[ií]odo|tempo|intervalo|prazo)(?!\p{L})/iu;
/** "10 dias", "três meses", "duas semanas": a span of time stated. */
const DURATION_NAMED = new RegExp(
  `(?:\\d+|(?<!\\p{L})(?:${NUMBER_WORD}))\\s+(?:minutos?|horas?|dias?|semanas?|meses|m[eê]s|anos?)(?!\\p{L})`,
  'iu',
);
/** "este ano", "nesse mês", "desta semana": a time, not a thing an earlier message named. */
const TIME_NOUN = /^(?:ano|m[eê]s|semestre|semana|momento|vez)$/iu;
const TIME_DEMONSTRATIVE =
  /(?<!\p{L})[dn]?(?:este|esse|esta|essa)\s+(?:ano|m[eê]s|semestre|semana|momento|vez)(?!\p{L})/giu;

/** A group of people the message names, which a plural pronoun stands for ("o pessoal… eles"). */
const COLLECTIVE_PEOPLE =
  /(?<!\p{L})(?:o|a|meu|minha|nosso|nossa|seu|sua)\s+(?:pessoal|equipe|turma|galera|brigada)(?!\p{L})/iu;
/** People a conversation talks about, by their role. */
const PERSON_NOUNS = new Set(
  'trabalhador trabalhadora trabalhadores trabalhadoras empregado empregada empregados empregadas funcionario funcionaria funcionarios funcionarias colaborador colaboradora colaboradores operador operadora operadores operadoras tecnico tecnica tecnicos tecnicas medico medica engenheiro engenheira gerente supervisor supervisora encarregado encarregada aprendiz aprendizes menor menores gestante gestantes estagiario estagiaria peao peoes soldador soldadores pedreiro pedreiros servente serventes vigia vigias cipeiro cipeiros membro membros tripulante tripulantes atendente atendentes gari garis coletor coletores mecanico mecanicos enfermeiro enfermeira enfermeiros enfermeiras auxiliar auxiliares terceirizado terceirizados safrista safristas brigadista brigadistas'.split(
    ' ',
  ),
);
/** What a person does: "ele pode receber", "ela tem direito", "ele precisa fazer reciclagem". */
const PERSON_PREDICATE =
  /^\s*(?:também\s+|ja\s+|já\s+|ainda\s+|não\s+)?(?:tem direito|têm direito|t[eê]m que (?:trabalhar|fazer|ficar|usar|passar|ter)|tiver|tiverem|precisa(?:m)? (?:fazer|de curso|de treinamento|ter)|pode(?:m)? (?:trabalhar|receber|operar|fazer|continuar|voltar|entrar|subir|ir|assinar)|recebe|recebem|fez|fizeram|faz|fazem|trabalha|trabalham|mudar|mudou|sair|saiu|voltar|voltou|está exposto|estiver exposto)(?!\p{L})/iu;

/**
 * "…se ele também tiver exposição…", "Ele precisa fazer reciclagem?": what a person does has a
 * person for its subject, the role the previous question names ("soldador", "eletricista").
 */
function personReferent(
  previous: string,
  after: string,
  gender: 'f' | 'm',
  plural: boolean,
  anyNumber = false,
): string | null {
  if (!PERSON_PREDICATE.test(after)) return null;
  const phrases = phrasesOf(previous).reverse();
  // With `anyNumber`, "ele" may be one of the "operadores" the previous question named.
  for (const sameNumber of anyNumber ? [true, false] : [true])
    for (const phrase of phrases) {
      const tokens = phrase.text.split(/\s+/);
      const at = tokens.findIndex(
        (t) =>
          isRole(t) &&
          (!sameNumber || isPlural(t) === plural) &&
          (genderOf(t) ?? gender) === gender,
      );
      if (at < 0) continue;
      // The role with its complements ("operador de máquina", "técnicos de enfermagem").
      const role = [tokens[at]!];
      for (let i = at + 1; i + 1 < tokens.length && /^d[eoa]s?$/i.test(tokens[i]!); i += 2)
        role.push(tokens[i]!, tokens[i + 1]!);
      return role.join(' ');
    }
  return null;
}

/** A word that names a person by their role ("operadores", "eletricista"). */
function isRole(word: string): boolean {
  return PERSON_NOUNS.has(foldText(word)) || /istas?$/i.test(word);
}

/** Whether a phrase names a person by their role ("operadores de pá carregadeira", "grávida"). */
function namesPerson(phrase: string): boolean {
  return phrase.split(/\s+/).some((w) => isRole(w) || /^gravidas?$/.test(foldText(w)));
}

/** The gender an article or a preposition with one shows ("a PT", "do PGR"). */
const ARTICLE_GENDER: Readonly<Record<string, 'f' | 'm'>> = Object.fromEntries([
  ...'a as uma da das na nas pela pelas à às'.split(' ').map((w) => [w, 'f']),
  ...'o os um do dos no nos pelo pelos ao aos'.split(' ').map((w) => [w, 'm']),
]);

/** "talabarte" and "talabartes" are the same noun. */
function sameNoun(a: string, b: string): boolean {
  const stem = (w: string) => foldText(w).replace(/s$/, '').replace(/e$/, '');
  return stem(a) === stem(b);
}

export interface ResolvedTurn {
  /** The message as a question of its own, with its references resolved. */
  question: string;
  /** Whether the message needed the conversation to be understood. */
  followUp: boolean;
  /**
   * The message names a thing of its own and the previous subject only came along as background:
   * the message as written (`own`) and what it carries (`carried`), which retrieval weighs less.
   */
  background?: { own: string; carried: string };
}

/**
 * Resolves a message against the previous (already resolved) question: "e para 150 empregados?"
 * becomes the previous question with 150 empregados; "esse equipamento", "ele", "dela" become its
 * subject; an elliptical "e o periódico?" carries the subject along. A message that names its own
 * NR, or stands on its own, is a question of its own.
 */
export function resolveFollowUp(
  message: string,
  previous: string | null,
  earlier: readonly string[] = [],
): ResolvedTurn {
  const text = message.trim();
  if (!previous?.trim()) return { question: text, followUp: false };
  // "De quanto em quanto tempo a avaliação de riscos do PGR tem que ser revista?" opens the same
  // way but is a question of its own: a fragment is short.
  const fragment =
    FRAGMENT_START.test(text) &&
    contentWordCount(text) <= FRAGMENT_WORDS &&
    // "Com que frequência os escoramentos de valas devem ser inspecionados?" says what is done.
    !FULL_CLAUSE.test(text);
  const elliptical = ELLIPSIS_START.test(text) || fragment || SUBJECTLESS_PASSIVE.test(text);
  // "mesmo assim, posso…?" opening the message holds against what the chat said.
  const anaphoric =
    ANAPHORA.test(withoutOwnPronoun(text)) || /^\s*(?:e\s+|mas\s+)?mesmo assim\b/iu.test(text);
  // "o que diz o item 1.4.3 da NR-01?" names the very item it asks about: short, but its own.
  const short = contentWordCount(text.replace(NR_CODE, ' ')) <= 2 && !ITEM_NUMBER.test(text);
  if (!elliptical && !anaphoric && !short) return { question: text, followUp: false };
  // "o que tem que constar no ASO nr7": short, but it names its own regulation and its own thing.
  const namesNr = new RegExp(NR_CODE.source, 'i').test(text);
  // …even when it opens like a complement ("por quanto tempo arquivar a PET nr33"); not "E na
  // NR-18, …", which carries the conversation on.
  if (
    namesNr &&
    !ELLIPSIS_START.test(text) &&
    !anaphoric &&
    hasOwnSubject(text.replace(NR_PHRASE, ' '))
  )
    return { question: text, followUp: false };
  // "e na NR 06?": the previous subject, in the regulation the message names.
  if (namesNr) {
    // "E na NR-18, o treinamento básico tem periódico de quanto?" asks of its own thing.
    const subject = hasOwnSubject(text.replace(NR_PHRASE, ' ')) ? '' : subjectOf(previous);
    return {
      question: subject ? `${text.replace(/\?\s*$/, '')} (${subject})?` : text,
      followUp: true,
    };
  }

  // "e para 150 empregados?": the same question with the new figure.
  const figure = NUMBER_WITH_NOUN.exec(text);
  if (figure && elliptical) {
    const noun = foldText(figure[2]!);
    const same = [...previous.matchAll(/(\d+(?:[.,]\d+)?)\s*(\p{L}+)/gu)].find(
      (m) => foldText(m[2]!) === noun,
    );
    if (same) return { question: previous.replace(same[0], figure[0]), followUp: true };
  }
  // "E se a instalação for classe III?" after "…em instalação classe II?": the same question with
  // the new class, grade or category.
  const graded = GRADED.exec(text);
  if (graded && elliptical) {
    const same = [...previous.matchAll(new RegExp(GRADED.source, 'gu'))].find(
      (m) => foldText(m[1]!) === foldText(graded[1]!) && m[2] !== graded[2],
    );
    if (same) return { question: previous.replace(same[0], graded[0]), followUp: true };
  }

  // "De quanto tempo, e depois de quanto trabalho contínuo?" after "…tem direito a pausa?": a
  // complement of the previous question, which comes along whole.
  if (fragment && !anaphoric)
    return {
      question: `${text.replace(/\?\s*$/, '')} (${previous.replace(/[?\s]+$/, '')})?`,
      followUp: true,
    };
  // "A jornada máxima é de 6 horas, certo?" names only an aspect: the thing is the one an earlier
  // question named ("operador de call center").
  // "Já temos a PET pronta. (…tanque de graxaria…)?": what the case told names comes before what it
  // carried from the conversation.
  const told = previous.replace(CARRIED_BY_STATEMENT, '');
  let subject = subjectOf(hasOwnSubject(told) ? told : previous);
  if (!hasOwnSubject(previous)) {
    const named = [...earlier].reverse().find(hasOwnSubject);
    if (named) subject = subjectOf(named);
  }
  // "E o periódico?" after "…do treinamento inicial…": the same question of the other kind.
  const other = KIND_ELLIPSIS.exec(text);
  const swapped = other ? swapKind(previous, other[1]!) : null;
  if (swapped) {
    if (other![0].trim().length >= text.replace(/[?\s]+$/, '').length)
      return { question: swapped, followUp: true };
    subject = subjectOf(swapped);
  }
  if (!subject) return { question: `${text} ${previous}`, followUp: true };
  // "E as do trabalhador?" after "Quais são as obrigações da empresa quanto ao EPI?": the same
  // question of another holder, who takes the subject's place.
  const holder = HOLDER_ELLIPSIS.exec(text);
  if (holder && !anaphoric) {
    const at = previous.indexOf(subject);
    if (at >= 0) {
      const head = previous.slice(0, at).replace(/(?<!\p{L})(?:d[oa]s?|de)\s+$/iu, '');
      const thing = `${holder[1]!.toLowerCase()} ${holder[2]!.trim()}`;
      return {
        question: `${head}${thing}${previous.slice(at + subject.length)}`,
        followUp: true,
      };
    }
  }
  // "E o engenheiro de segurança?" after "O técnico de segurança tem que cumprir quantas horas?":
  // a thing of the same kind as the subject (they share a word), asked the same question.
  const bare = BARE_ELLIPSIS.exec(text);
  // "Mas o embargo para o quê exatamente?" asks something: not a bare noun phrase.
  if (
    bare &&
    !anaphoric &&
    !/(?<!\p{L})(?:qu[eê]|qual|quais|quando|como|onde|quem|quant[oa]s?)(?!\p{L})/iu.test(bare[1]!)
  ) {
    const thing = bare[1]!.trim();
    const thingWords = contentWordsOf(thing);
    const subjectWords = new Set(contentWordsOf(subject));
    const at = previous.indexOf(subject);
    if (
      at >= 0 &&
      thingWords.some((w) => subjectWords.has(w)) &&
      thingWords.some((w) => !subjectWords.has(w))
    )
      return {
        question: `${previous.slice(0, at)}${thing}${previous.slice(at + subject.length)}`,
        followUp: true,
      };
  }
  // "este ano" is a time, not a thing the chat named.
  const np = [...text.matchAll(new RegExp(DEMONSTRATIVE_NP.source, 'giu'))].find(
    (m) => !TIME_NOUN.test(m[3]!),
  );
  if (np && isContent(np[3]!)) {
    // "esse cartão" names the thing itself: it stays ("o cartão") and the subject comes along,
    // unless the subject already says it.
    const article = ARTICLE[foldText(np[2]!).replace(/^(?:est)/, 'ess')]!;
    // "desse cartão" → "do cartão", "nessa máquina" → "na máquina".
    const lower = `${np[1] ? np[1].toLowerCase() : ''}${article}`;
    // "Esse sistema precisa…" → "O sistema precisa…".
    const determiner = /^\p{Lu}/u.test(np[0])
      ? lower.charAt(0).toUpperCase() + lower.slice(1)
      : lower;
    const noun = `${determiner} ${np[3]}`;
    // "nessa tensão" after "…uma rede de 13,8 kV": the measure the conversation gave.
    const measure = MEASURES[foldText(np[3]!)];
    const given = measure
      ? [previous, ...[...earlier].reverse()].map((q) => measure.exec(q)?.[0]).find(Boolean)
      : undefined;
    if (given) return { question: text.replace(np[0], `${noun} de ${given}`), followUp: true };
    const replaced = text.replace(np[0], noun);
    // "esses equipamentos" after a question about the EPI: the thing the abbreviation spells out.
    const abbreviation = ABBREVIATIONS.find(
      (a) =>
        new RegExp(`(?<![\\p{L}])${escapeRegExp(a.term)}(?![\\p{L}])`, 'u').test(previous) &&
        sameNoun(a.expansion.split(/\s+/)[0]!, np[3]!),
    );
    if (abbreviation)
      return {
        question: text.replace(np[0], `${determiner} ${np[3]} (${abbreviation.term})`),
        followUp: true,
      };
    const says = foldText(subject)
      .split(/[^\p{L}\p{N}]+/u)
      .includes(foldText(np[3]!));
    if (says) return { question: text.replace(np[0], `${determiner} ${subject}`), followUp: true };
    // "nesses treinamentos" after a question about a training certificate and one about its copy:
    // an earlier question named the thing itself, and the noun says it.
    // "esse sistema" after "pode ser feito em sistema eletrônico?" is still about the subject.
    const names = (q: string) => q.split(/[^\p{L}\p{N}]+/u).some((w) => sameNoun(w, np[3]!));
    const named = !names(previous) && earlier.some(names);
    return {
      question: named ? replaced : `${replaced.replace(/\?\s*$/, '')} (${subject})?`,
      followUp: true,
    };
  }
  // "um talabarte desses que segurou uma queda": one of the kind the conversation is about; the
  // message names its own thing.
  const kind = KIND_OF.exec(text);
  if (kind && isContent(kind[2]!))
    return { question: text.replace(kind[0], `${kind[1]} ${kind[2]}`), followUp: true };
  const pronoun = PRONOUN.exec(text);
  // "E o capacitado? Se ele mudar de empresa…", "E o plano de resgate, o que ele precisa
  // considerar?": "ele" is what the message itself just named.
  const before = pronoun ? text.slice(0, pronoun.index) : '';
  const namedBefore =
    (/[?.!:]/.test(before) && contentWordCount(before.replace(ELLIPSIS_START, '')) > 0) ||
    (pronoun !== null && ownPronoun(before, pronoun));
  if (pronoun && !namedBefore) {
    // "ele" in a message that asks something of its own stands for the subject's head; alone
    // ("e ele?"), for all of it. Its gender picks the part of the subject it agrees with.
    const word = foldText(pronoun[0]);
    const gender = /^[dn]?elas?$/.test(word) ? 'f' : 'm';
    const plural = word.endsWith('s');
    const after = text.slice(pronoun.index + pronoun[0].length);
    const doer = pronoun[1] === undefined ? personReferent(previous, after, gender, plural) : null;
    let part = doer ?? pronounReferent(previous, subject, gender, plural, pronoun[1] !== undefined);
    // "Quantos dias ele tem que trabalhar acompanhado?" after a question on "operadores": what a
    // person does has a person for its subject, before a thing of the right number.
    if (!doer && pronoun[1] === undefined && !(part && namesPerson(part)))
      part = personReferent(previous, after, gender, plural, true) ?? part;
    const own = contentWordCount(text.replace(pronoun[0], ' ')) > 0;
    // Nothing the previous question names can be it ("eles" after "limpeza de fachada"): the
    // pronoun stays, and the subject comes along.
    if (part === null)
      return { question: `${text.replace(/\?\s*$/, '')} (${subject})?`, followUp: true };
    const referent = own ? referentOf(part) : part;
    // "dela" → "da caldeira", "nele" → "no prontuário".
    const prep = pronoun[1]
      ? `${pronoun[1].toLowerCase()}${gender === 'f' ? 'a' : 'o'}${plural ? 's' : ''} `
      : '';
    return { question: text.replace(pronoun[0], `${prep}${referent}`), followUp: true };
  }
  // "E o periódico, de quanto em quanto tempo?": the subject comes along.
  const question = text.replace(/\?\s*$/, '');
  // "E as vacinas do pessoal de enfermagem, quem paga?" names a thing of its own: the previous
  // subject is background. "E para instalação classe III?" only sets a condition on it.
  const background = hasOwnSubject(text.replace(ELLIPSIS_START, '')) && !CONDITION_START.test(text);
  return {
    question: `${question} (${subject})?`,
    followUp: true,
    ...(background ? { background: { own: `${question}?`, carried: subject } } : {}),
  };
}
