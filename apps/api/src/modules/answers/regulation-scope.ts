/**
 * The regulations written for one sector (decision record 0057): NR-37's extinguishers are an oil
 * platform's, NR-18's guard-rails a construction site's. When such an item answers a question that
 * says nothing of its sector, the answer names the sector where it cites the item, so that a reader
 * in a warehouse does not act on a platform's rule as if it were the general one.
 */
import { foldText } from '../retrieval/text/normalize';
import type { ConversationTurn } from './answer-engine';

interface SectorScope {
  /** Follows the regulation's code in the lead: "da NR-37, que se aplica a plataformas de petróleo". */
  clause: string;
  /** What a question about the sector says, on folded text (lower case, no accents). */
  mentions: RegExp;
}

const SECTORS: Readonly<Record<string, SectorScope>> = {
  'NR-18': {
    clause: 'que se aplica à indústria da construção',
    mentions:
      /\b(?:obras?|(?<!materia(?:l|is) de )constru\w*(?! nava)|canteiros?|andaimes?|edifica\w*|edificios?|predios?|pedreiros?|serventes?|gruas?|betoneiras?|escava\w*|demoli\w*|fachadas?|alvenaria|cremalheira|empreiteir\w*|concretagem|lajes?|escoramento|tubuloes?|elevadores? de (?:obra|carga|passageiros))\b/,
  },
  'NR-19': {
    clause: 'que trata de explosivos',
    mentions:
      /\b(?:explosiv\w*|polvora|fogos?|detona\w*|rojao|rojoes|pirotecni\w*|paiol|municao)\b/,
  },
  'NR-22': {
    clause: 'que se aplica à mineração',
    mentions:
      /\b(?:minas?|minera\w*|minerio|lavras?|garimp\w*|subterrane\w*|subsolo|pedreiras?|britage\w*|carvao)\b/,
  },
  'NR-29': {
    clause: 'que se aplica ao trabalho portuário',
    mentions:
      /\b(?:portos?|portuari\w*|estiva\w*|cais|atraca\w*|conteiner\w*|navios?|porao|poroes|ogmo)\b/,
  },
  'NR-30': {
    clause: 'que se aplica ao trabalho aquaviário',
    mentions:
      /\b(?:aquaviari\w*|embarca\w*|navios?|tripula\w*|maritim\w*|a bordo|marinheir\w*|fluvia\w*|balsas?|rebocador\w*)\b/,
  },
  'NR-31': {
    clause:
      'que se aplica à agricultura, pecuária, silvicultura, exploração florestal e aquicultura',
    mentions:
      /\b(?:rura\w*|fazendas?|agricol\w*|agricult\w*|agrotoxic\w*|lavouras?|planta(?:cao|coes)|colheit\w*|pecuari\w*|silvicult\w*|floresta\w*|aquicult\w*|campo|sitios?|gado|ordenha\w*|trator(?:es)?|cipatr|motosserra\w*|granjas?|curra\w*|canaviais?|cafezais?|piscicult\w*)\b/,
  },
  'NR-32': {
    clause: 'que se aplica aos serviços de saúde',
    mentions:
      /\b(?:hospita\w*|(?:servicos?|estabelecimentos?|posto|unidades?|area|profissiona\w*|trabalhador\w*) d[ae]s? saude|enferm\w*|clinicas?|pacientes?|perfurocortant\w*|laboratori\w*|odontolog\w*|consultorios?|farmacias?|seringas?|agulhas?|vacina\w*|radiolog\w*|quimioterap\w*|ubs|upa|necroterio)\b/,
  },
  'NR-34': {
    clause: 'que se aplica à construção, reparação e desmonte naval',
    mentions: /\b(?:nava\w*|estaleir\w*|navios?|cascos?|embarca\w*|docage\w*|diques?)\b/,
  },
  'NR-36': {
    clause: 'que se aplica ao abate e processamento de carnes e derivados',
    mentions:
      /\b(?:frigorific\w*|abate\w*|abatedour\w*|carnes?|desoss\w*|aves|suinos|bovinos|pescados?|embutidos?|camaras? frias?)\b/,
  },
  'NR-37': {
    clause: 'que se aplica a plataformas de petróleo',
    mentions:
      /\b(?:petroleo|offshore|fpso|sondas?|plataformas?(?! (?:elevat\w*|de trabalho|movei?s?|aereas?|suspensas?|flutuantes?|de carga|de descarga)))\b/,
  },
  'NR-38': {
    clause: 'que se aplica à limpeza urbana e ao manejo de resíduos sólidos',
    mentions:
      /\b(?:limpeza urbana|coleta de (?:lixo|residuos)|coleta domiciliar|coletor\w*|residuos? (?:solidos?|urbanos?|domiciliar\w*)|lixo|garis?|poda\w*|capina\w*|rocada\w*|varri\w*|aterros?|compactador\w*|reciclave\w*|(?:cooperativas?|centrais?|usinas?) de recicla\w*|recicla\w* de (?:lixo|residuos|materia\w*)|catador\w*|triage\w*)\b/,
  },
};

const HYPERBARIC =
  /\b(?:hiperbar\w*|ar comprimido|mergulh\w*|tubul(?:ao|oes)|caixas? pneumatic\w*|descompress\w*|campanulas?|camaras? de (?:re)?compress\w*)\b/;

/**
 * Annexes written for one kind of work, machine or exposure, by "CODE Anexo N": what a question
 * about it says, on folded text. An item of such an annex answers for that kind only: "o atestado
 * de aptidão terá validade por 6 (seis) meses" is a diver's or a caisson worker's ASO, not every
 * ASO; "130 dB (linear)" is the limit for impact noise, not for noise.
 */
const ANNEX_SCOPES: Readonly<Record<string, RegExp>> = {
  'NR-07 Anexo IV': HYPERBARIC,
  'NR-15 Anexo 6': HYPERBARIC,
  'NR-15 Anexo 2': /\b(?:impactos?|impulsiv\w*)\b/,
  'NR-12 Anexo V': /\bmoto-?s?serras?\b/,
  'NR-12 Anexo VI':
    /\b(?:panifica\w*|padari\w*|confeitari\w*|amassadeir\w*|batedeir\w*|cilindros?|modeladoras?|laminadoras?|divisoras?|masseiras?)\b/,
  'NR-12 Anexo VII':
    /\b(?:acougu\w*|mercearias?|serras? (?:de )?fita|serra-fita|moedor\w*|picador\w*|amaciador\w*|fatiador\w*|frios|carnes?)\b/,
  'NR-12 Anexo VIII':
    /\b(?:prensas?|martelos?|dobradeiras?|guilhotinas?|viradeiras?|cisalha\w*|recalcadoras?|estamp\w*|similares)\b/,
  'NR-12 Anexo IX': /\b(?:injetoras?|injecao|moldes?|plastic\w*|termoplastic\w*)\b/,
  'NR-12 Anexo X': /\b(?:calcados?|sapat\w*|couros?|solados?)\b/,
  'NR-12 Anexo XI':
    /\b(?:agricol\w*|florest\w*|trator(?:es)?|colhe\w*|implementos?|pulveriz\w*|plantadeir\w*|semeadeir\w*|rura\w*|fazendas?|autopropelid\w*)\b/,
  'NR-12 Anexo XII':
    /\b(?:plataformas? (?:elevat\w*|aereas?)|pemt|cestos? aereos?|elevacao de pessoas|guindar|guindaste\w*|manipuladores? telescopic\w*|munck)\b/,
  'NR-17 Anexo I':
    /\b(?:check-?outs?|caixas? de (?:supermercado|mercado|loja)|operador\w* de caixa|supermercados?|hipermercados?|mercados?)\b/,
  'NR-17 Anexo II':
    /\b(?:telemarketing|tele-?atendimento|call ?center|centra\w* de (?:atendimento|relacionamento)|operador\w* de telefon\w*|headsets?)\b/,
  'NR-35 Anexo I': /\b(?:cordas?|rapel|alpinis\w*)\b/,
};

const ANNEX_OF_ITEM = /^Anexo\s+\S+/i;

/** What names an annex itself in folded text ("anexo 2", not "anexo 20"), built once per annex. */
const annexNames = new Map<string, RegExp>();
function annexNamed(annex: string): RegExp {
  let named = annexNames.get(annex);
  if (!named)
    annexNames.set(
      annex,
      (named = new RegExp(`\\b${foldText(annex).replace(/\s+/g, '\\s+')}(?![\\p{L}\\d])`, 'u')),
    );
  return named;
}

/**
 * Whether `source` is an item of an annex written for one kind of work, machine or exposure that
 * nothing the user said names (the annex itself named, "anexo 2", counts as naming it).
 */
export function unstatedAnnex(
  source: { code: string; item: string },
  userTexts: readonly string[],
): boolean {
  const annex = ANNEX_OF_ITEM.exec(source.item)?.[0];
  const mentions = annex ? ANNEX_SCOPES[`${source.code} ${annex}`] : undefined;
  if (!annex || !mentions) return false;
  const named = annexNamed(annex);
  return !userTexts.some((text) => {
    const folded = foldText(text);
    return mentions.test(folded) || named.test(folded);
  });
}

/**
 * The clause that names the sector of `code`'s regulation ("que se aplica a plataformas de
 * petróleo"), when it is written for one and nothing the user said — the question, or their earlier
 * messages in a chat — names that sector or the regulation. Null otherwise.
 */
export function unstatedScope(code: string, userTexts: readonly string[]): string | null {
  const sector = SECTORS[code];
  if (!sector) return null;
  const number = Number(code.slice(3));
  const named = new RegExp(`\\bnr\\s*-?\\s*0?${number}(?!\\d)`);
  for (const text of userTexts) {
    const folded = foldText(text);
    if (named.test(folded) || sector.mentions.test(folded)) return null;
  }
  return sector.clause;
}

/** The sector regulations whose sector `text` names ("na colheita" → NR-31), in code order. */
export function sectorsNamed(text: string): string[] {
  const folded = foldText(text);
  return Object.keys(SECTORS).filter((code) => SECTORS[code]!.mentions.test(folded));
}

/** Whether `code`'s regulation is written for one sector (NR-18, NR-37…), not for every workplace. */
export function writtenForSector(code: string): boolean {
  return code in SECTORS;
}

/**
 * Whether `code`'s regulation is written for a sector that what the user said names ("na
 * construção naval" for NR-34), or names the regulation itself.
 */
export function statedScope(code: string, userTexts: readonly string[]): boolean {
  return writtenForSector(code) && unstatedScope(code, userTexts) === null;
}

/** What the user said: the question, and their earlier messages when it is asked in a chat. */
export function userTexts(input: {
  question: string;
  conversation?: readonly ConversationTurn[];
}): string[] {
  const earlier = (input.conversation ?? []).filter((t) => t.role === 'user').map((t) => t.content);
  return [input.question, ...earlier];
}
