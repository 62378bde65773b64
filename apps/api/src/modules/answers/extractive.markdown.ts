/** The extractive answer's markdown: a plain lead, the quotes with their links, the items cited. */
import { BULLET } from '../retrieval/units';
import type { AnswerSource } from './answer-engine';
import { citationLink } from './citation';
import type { Quote } from './quote';

export interface ChosenItem {
  source: AnswerSource;
  quote: Quote;
}

/**
 * The sector a regulation is written for, when the user did not name it ("que se aplica a
 * plataformas de petróleo"); null for a general regulation or a sector the user named.
 */
export type ScopeOf = (code: string) => string | null;

export const DISCLAIMER =
  '_Resposta baseada no texto das NRs citadas; não substitui a leitura da norma completa._';

const ANNEX_ITEM = /^(Anexo\s+\S+)(?:\s+(.+))?$/i;
/** "35.2.1", "3", and lettered annex items like "D.1". */
const NUMBERED = /^(?:\d|[A-Z]\.\d)/;

/** "o item 35.2.1 da NR-35", "o item 1.3 do Anexo II da NR-12", "o Glossário da NR-01". */
function itemPhrase(source: AnswerSource): string {
  const annex = ANNEX_ITEM.exec(source.item);
  const [where, rest] = annex ? [` do ${annex[1]}`, annex[2] ?? ''] : ['', source.item];
  if (!rest) return `o ${annex ? annex[1] : 'texto'} da ${source.code}`;
  return NUMBERED.test(rest)
    ? `o item ${rest}${where} da ${source.code}`
    : `o ${rest}${where} da ${source.code}`;
}

/** "Anexo IV - Controle Médico Ocupacional de Exposição a Condições Hiperbáricas > 1 …". */
// The annex's label, then a dash with a space on one side at least: "Anexo 13-A" is a label alone,
// not "Anexo 13" titled "A".
const ANNEX_HEADING = /^Anexo\s+\S+?(?:\s+[-–]\s*|\s*[-–]\s+)(.+)$/i;
/** Annex titles that say what kind of text it is, not whom or what it applies to. */
const FORM_TITLE =
  /^(?:gloss[áa]rio|quadros?|tabelas?|figuras?|listas?|rela[çc][ãa]o|normas regulamentadoras|modelo|formul[áa]rio|refer[êe]ncias|definições|siglas)\b/i;
/** A title the PDF cut mid-phrase ("…Substâncias Químicas Cancerígenas e"). */
const CUT_TITLE = /\s(?:e|ou|de|da|do|das|dos|a|o|para|com|em|no|na)$/i;

/**
 * The title of the annex an item belongs to, when it says what the annex is for ("Controle Médico
 * Ocupacional de Exposição a Condições Hiperbáricas"): "validade por 6 (seis) meses" holds there,
 * not for every ASO. Null outside annexes, for a title that only names a form, or one the PDF cut.
 */
export function annexTitle(source: AnswerSource): string | null {
  if (!ANNEX_ITEM.test(source.item)) return null;
  const title = ANNEX_HEADING.exec(source.headingPath.split(' > ')[0] ?? '')?.[1]?.trim();
  if (!title || FORM_TITLE.test(title) || CUT_TITLE.test(title) || title.length > 110) return null;
  if ((title.match(/\(/g) ?? []).length !== (title.match(/\)/g) ?? []).length) return null;
  return title === title.toUpperCase() ? capitalize(title.toLowerCase()) : title;
}

/**
 * Lower-cases the first word unless it is an acronym ("PGR") or carries digits. A list entry the
 * PDF left on an item of its own ("- procedimentos específicos…") reads without its dash.
 */
function lowerFirst(item: string): string {
  const text = item.replace(BULLET, '');
  const word = /^\S+/.exec(text)?.[0] ?? '';
  if (/\d/.test(word) || (word.length > 1 && word === word.toUpperCase())) return text;
  return text.charAt(0).toLowerCase() + text.slice(1);
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Whether the item's wording comes into force only after `today` (both yyyy-mm-dd). */
function notYetInForce(source: AnswerSource, today: string): boolean {
  return Boolean(source.effectiveFrom && source.effectiveFrom.slice(0, 10) > today);
}

function leadParagraph(
  chosen: ChosenItem[],
  typedAnswer: boolean,
  scopeOf: ScopeOf,
  today: string,
): string {
  const [first, ...others] = chosen;
  const { statement } = first!.quote;
  // Where the lead cites an item it says what a reader of the first paragraph alone must know: the
  // sector a sector's regulation is written for (decision 0057), what the annex is for, and a
  // wording not yet in force. "o item 37.25.7.4.1 da NR-37, que se aplica a plataformas de
  // petróleo"; "o item 1.3 do Anexo IV da NR-07 (Controle Médico Ocupacional de Exposição a
  // Condições Hiperbáricas)". Each is said once: a second item does not repeat it.
  const clauses = (source: AnswerSource, scope: string | null) => [
    ...(scope ? [scope] : []),
    ...(notYetInForce(source, today)
      ? [`em redação que entra em vigor em ${brazilianDate(source.effectiveFrom!)}`]
      : []),
  ];
  const named = (source: AnswerSource, title: string | null) =>
    itemPhrase(source) + (title ? ` (${title})` : '');
  const firstClauses = clauses(first!.source, scopeOf(first!.source.code));
  const firstTitle = annexTitle(first!.source);
  const firstCited = [named(first!.source, firstTitle), ...firstClauses].join(', ');
  // Too long to restate in a lead: the quote right below is the statement.
  if (!statement)
    return `${capitalize(firstCited)}${firstClauses.length > 0 ? ',' : ''} estabelece o seguinte:`;
  const sentences = [`Segundo ${firstCited}, ${escapeInline(lowerFirst(statement))}`];
  // Asked for a number, a period, who or a definition, a second item joins the lead only when it
  // gives that kind of answer too (a floating platform's guard-rail has no height to add).
  const second = others.find(
    (c) => c.quote.decisive > 0 && c.quote.statement && (!typedAnswer || c.quote.fits),
  );
  if (second) {
    const its = second.source.code === first!.source.code ? null : scopeOf(second.source.code);
    const title = annexTitle(second.source);
    const secondClauses = clauses(second.source, its);
    const secondCited = [
      named(second.source, title === firstTitle ? null : title),
      ...secondClauses,
    ].join(', ');
    sentences.push(
      `${capitalize(secondCited)}${secondClauses.length > 0 ? ',' : ''} também estabelece que ${escapeInline(lowerFirst(second.quote.statement!))}`,
    );
  }
  return sentences.join(' ');
}

export function blockquote(quote: Quote): string {
  // A table is shown as a table, after the quoted sentences that introduce it: its cells are
  // already escaped markdown (decision record 0030).
  if (quote.table) {
    const table = quote.tableRowsLeftOut
      ? `${quote.table}\n\n(… outras ${quote.tableRowsLeftOut} linhas na tabela)`
      : quote.table;
    return quote.parts.length > 0
      ? `${blockquote({ ...quote, table: undefined })}\n\n${table}`
      : table;
  }
  const lines: string[] = [];
  for (const part of quote.parts) {
    if (part.gapBefore) lines.push('(…)');
    if (part.newParagraph || part.gapBefore || lines.length === 0) lines.push(part.text);
    else lines[lines.length - 1] += ` ${part.text}`;
  }
  if (quote.gapAfter) lines.push('(…)');
  return lines.map((l) => `> ${escapeQuoteLine(l)}`).join('\n>\n');
}

/** The norm's text as literal markdown text (asterisks and brackets are not formatting). */
function escapeInline(text: string): string {
  return text.replace(/([\\`*_[\]<>])/g, '\\$1');
}

/** Keeps the norm's text literal: a leading "1." or "-" would otherwise become a markdown list. */
function escapeQuoteLine(line: string): string {
  return escapeInline(line)
    .replace(/^(\d+)\.(\s)/, '$1\\.$2')
    .replace(/^([-+#])/, '\\$1');
}

function brazilianDate(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

function headingTail(source: AnswerSource): string {
  const last = source.headingPath.split(' > ').at(-1)?.trim() ?? '';
  const text = last.replace(/^(?:\d+(?:\.\d+)*\.?|Anexo\s+\S+\s*-?)\s*/i, '').trim();
  if (!text) return '';
  // Headings are printed in capitals in the NRs; a list reads better in sentence case.
  return text === text.toUpperCase() ? capitalize(text.toLowerCase()) : text;
}

/** Opens an answer whose items only partly match the question (retrieval's `partial`). */
export const PARTIAL_NOTICE =
  '**Atenção:** não encontrei um item que trate exatamente desta situação. Os itens abaixo são os mais próximos na base; confira se eles se aplicam ao seu caso antes de agir.';

/**
 * `typedAnswer`: the question asks for a number, a period, who or a definition, so a second item
 * joins the lead only if it gives that kind of answer too.
 */
export function renderAnswer(
  chosen: ChosenItem[],
  today: string,
  partial = false,
  typedAnswer = false,
  scopeOf: ScopeOf = () => null,
): string {
  const lead = leadParagraph(chosen, typedAnswer, scopeOf, today);
  const blocks: string[] = partial ? [PARTIAL_NOTICE, lead] : [lead];
  for (const { source, quote } of chosen) {
    blocks.push(blockquote(quote));
    let attribution = `— ${citationLink(source)}`;
    if (notYetInForce(source, today)) {
      attribution += `\n\n**Atenção:** redação em vigor a partir de ${brazilianDate(source.effectiveFrom!)}.`;
    }
    blocks.push(attribution);
  }
  const list = chosen.map(({ source }) => {
    const tail = headingTail(source);
    return `- ${citationLink(source)}${tail ? ` — ${tail}` : ''}`;
  });
  blocks.push(`**Itens citados**\n\n${list.join('\n')}`);
  blocks.push(DISCLAIMER);
  return blocks.join('\n\n');
}
