import { titleCase } from './front-matter';

/**
 * Cutting the body of a regulation into blocks: one per numbered item, per annex heading and per
 * unnumbered heading (e.g. "GLOSSÁRIO"). Item numbers are accepted only when they plausibly follow
 * the previous one, so that a wrapped cross-reference ("…conforme os subitens\n1.4.3 e 1.4.3.1")
 * or a table row never starts an item.
 */

export interface AnnexContext {
  /** Label as printed, normalised: "Anexo II", "Anexo 13-A", "Anexo I-A", "Anexo (*)". */
  label: string;
  title: string;
  /** Distinguishes two annexes printed with the same name. */
  index: number;
}

export interface Block {
  kind: 'item' | 'text';
  /** Item number components ("35", "3", "1"), or ["A"] for a lettered group in an annex. */
  number: string[];
  /** First line's text after the number, or the unnumbered heading. */
  head: string;
  lines: string[];
  annex: AnnexContext | null;
  glossary: boolean;
  /** A table printed in the body under its own caption: its label ("Quadro I"). */
  table?: string;
  /**
   * A part of an annex whose items number again from 1 (NR-15 Anexo 12: asbestos, then "MANGANÊS E
   * SEUS COMPOSTOS" from 1, then "SÍLICA LIVRE CRISTALIZADA" from 1), or an annex of the annex
   * (asbestos' own "ANEXO Nº 1" and "ANEXO III"): `id` tells its items apart ("Manganês", "Anexo
   * III"), `title` heads them.
   */
  part?: { id: string; title: string; annex?: boolean };
}

const ANNEX_HEADING =
  /^(ANEXO|Anexo)\s+(?:N\.?\s*[º°o]\.?\s*)?((?:[IVXL]+|\d{1,2})(?:\s?-\s?[A-Z]\b|[A-Z]\b)?|["“][A-Z]["”]|\(\*\))(?=$|[\s:–-])\s*(.*)$/;
const MAIN_ITEM = /^(\d{1,2}(?:\.(?:0|[1-9]\d{0,2}))+)\.?(?:\s*[-–]\s+|\s+|$)(.*)$/;
const ANNEX_ITEM = /^((?:[A-Z]\.)?(?:[1-9]\d?)(?:\.(?:0|[1-9]\d{0,2}))*)\.?(?:\s*[-–]\s+|\s+)(.+)$/;
const LETTER_GROUP = /^([A-Z])\s+[-–]\s+([^a-zà-ú]+)$/;
const GLOSSARY = /^GLOSS[ÁA]RIO:?$|^Gloss[áa]rio:?$/;
/** "Quadro I – Dimensionamento da CIPA", "QUADRO II da NR-30", "QUADRO Nº 1" on a line of its own. */
const TABLE_CAPTION =
  /^(QUADRO|Quadro)\s+(?:N\.?\s*[º°o]\.?\s*)?([IVXL]+|\d{1,2})(?:\s*[-–:]\s*(.+)|\s+(?:da|DA)\s+NR[\s-]*(\d+)\s*(.*))?$/;
const ITEM_TEXT_START = /^[\p{Lu}("“'«]/u;

/** An annex heading of this regulation ("ANEXO II", "ANEXO Nº 13-A", "Anexo I da NR-01"). */
export function parseAnnexHeading(
  line: string,
  regulationNumber?: number,
): { label: string; rest: string } | null {
  const m = ANNEX_HEADING.exec(line);
  if (!m) return null;
  let rest = m[3]!.trim();
  const of = /^(?:da|DA)\s+NR[\s-]*(\d+)\b\s*(.*)$/.exec(rest);
  // "Anexo XII da NR-12;" inside NR-18 is a reference to another regulation, not a heading.
  if (of && regulationNumber !== undefined && Number(of[1]) !== regulationNumber) return null;
  // Mixed-case "Anexo I" is a heading only when nothing but "da NR-xx" follows; otherwise it is
  // running text or a table-of-contents line.
  if (m[1] === 'Anexo' && rest && !of) return null;
  if (of) rest = of[2]!;
  if (/[;,]$/.test(rest)) return null;
  rest = rest.replace(/^[-–:]\s*/, '').trim();
  const name = m[2]!.replace(/["“”]/g, '').replace(/\s/g, '');
  return { label: `Anexo ${name}`, rest };
}

const ROMAN: Record<string, number> = { I: 1, V: 5, X: 10, L: 50 };

/** "Anexo 12" → [12, ''], "Anexo III" → [3, ''], "Anexo 13-A" → [13, 'A']; null for "Anexo A". */
function annexOrder(label: string): [number, string] | null {
  const m = /^Anexo\s+(\d{1,2}|[IVXL]+)(?:-?([A-Z]))?$/.exec(label);
  if (!m) return null;
  const name = m[1]!;
  let n = 0;
  if (/^\d+$/.test(name)) n = Number(name);
  else
    for (let i = 0; i < name.length; i++) {
      const v = ROMAN[name[i]!]!;
      const next = ROMAN[name[i + 1] ?? ''] ?? 0;
      n += v < next ? -v : v;
    }
  return [n, m[2] ?? ''];
}

/**
 * How an annex heading numbers against the annex it is printed in, in the same numbering: < 0 back
 * ("ANEXO Nº 1" and "ANEXO III" inside NR-15's Anexo 12: annexes of that annex), > 0 on ("ANEXO Nº
 * 13"); null when the two cannot be compared (arabic against roman, or lettered).
 */
function annexStep(label: string, current: string): number | null {
  const [next, now] = [annexOrder(label), annexOrder(current)];
  if (!next || !now || /\d/.test(label) !== /\d/.test(current)) return null;
  return next[0] - now[0] || next[1].localeCompare(now[1]);
}

function isNumeric(c: string): boolean {
  return /^\d+$/.test(c);
}

function compareComponent(a: string, b: string): number {
  return isNumeric(a) && isNumeric(b) ? Number(a) - Number(b) : a.localeCompare(b);
}

function smallStart(components: string[]): boolean {
  return components.every((c) => !isNumeric(c) || Number(c) <= 5);
}

/** Whether item N may follow item P in document order. */
export function plausibleNext(prev: string[] | null, next: string[]): boolean {
  if (!prev) return true;
  const min = Math.min(prev.length, next.length);
  for (let i = 0; i < min; i++) {
    if (prev[i] === next[i]) continue;
    const d = compareComponent(next[i]!, prev[i]!);
    if (d <= 0) return false;
    if (isNumeric(next[i]!) && d > 12) return false;
    if (!isNumeric(next[i]!) && d > 3) return false;
    return smallStart(next.slice(i + 1));
  }
  if (next.length === prev.length) return true; // the same item printed again: a second wording
  return next.length > prev.length && smallStart(next.slice(prev.length));
}

function isCapitalTitle(line: string): boolean {
  const letters = line.replace(/[^\p{L}]/gu, '');
  return (
    letters.length >= 3 &&
    line.length <= 120 &&
    !line.includes(' | ') &&
    letters === letters.toLocaleUpperCase('pt-BR')
  );
}

function isCapitalHeading(line: string): boolean {
  const letters = line.replace(/[^\p{L}]/gu, '');
  return (
    letters.length >= 10 &&
    line.length <= 100 &&
    /\s/.test(line) &&
    !/\d/.test(line) &&
    !line.includes(' | ') &&
    letters === letters.toLocaleUpperCase('pt-BR')
  );
}

/** A line ending like this goes on in the next one ("…conforme os subitens 12.11.3 e"). */
function continuesSentence(line: string): boolean {
  // Unicode-aware: with a plain \b, "Organização" would end in the word "o" (ã is no word character
  // for a non-Unicode regex) and swallow the numbered item after such a heading.
  return /(,|(?<!\p{L})(e|ou|de|do|da|dos|das|no|na|nos|nas|item|itens|subitem|subitens|alínea|o|a|os|as|com|em|pelo|pela|conforme|ao|aos|à|às|que|para|por))$/iu.test(
    line,
  );
}

function lastLine(block: Block | null): string {
  if (!block) return '';
  for (let i = block.lines.length - 1; i >= 0; i--) if (block.lines[i]) return block.lines[i]!;
  return '';
}

function splitNumber(text: string): string[] {
  return text.split('.');
}

export interface BlockOptions {
  /** The regulation number: main items begin with it ("35.2.1" in NR-35). */
  regulationNumber: number;
}

/** Splits body lines (already without front matter and tables of contents) into blocks. */
export function splitBlocks(lines: string[], options: BlockOptions): Block[] {
  const blocks: Block[] = [];
  let annex: AnnexContext | null = null;
  let annexCount = 0;
  let prev: string[] | null = null;
  let current: Block | null = null;
  let glossary = false;
  let part: Block['part'];
  /** The current annex has numbered items already: a heading numbered from 1 again opens a part. */
  let annexItems = 0;
  const partIds = new Set<string>();

  const open = (kind: Block['kind'], number: string[], head: string, table?: string) => {
    current = {
      kind,
      number,
      head,
      lines: [],
      annex,
      glossary,
      ...(table ? { table } : {}),
      ...(part ? { part } : {}),
    };
    blocks.push(current);
  };
  /** A part of the current annex, named `id` unless another part has that name. */
  const openPart = (id: string, title: string, isAnnex = false) => {
    const unique = partIds.has(id) ? title : id;
    partIds.add(unique);
    part = { id: unique, title, ...(isAnnex ? { annex: true } : {}) };
    prev = null;
    glossary = false;
    open('text', [], title);
  };

  /** A table caption in the body (annexes number their tables inside their own items). */
  const tableCaption = (
    line: string,
    following: readonly string[],
  ): { label: string; title: string; skip: number } | null => {
    // "…de acordo com o seguinte quadro 1:" introduces a table that is part of the item.
    const before = lastLine(current) || (current as Block | null)?.head || '';
    if (annex || continuesSentence(before) || before.endsWith(':')) return null;
    const m = TABLE_CAPTION.exec(line);
    if (!m) return null;
    if (m[4] !== undefined && Number(m[4]) !== options.regulationNumber) return null;
    const title = (m[3] ?? m[5] ?? '').trim();
    // "Quadro I desta NR, ressalvadas…" is running text that wrapped, not a caption.
    if (/[;,]$/.test(title) || /^(?:desta|deste|da|do)\b/i.test(title)) return null;
    // The title may be printed on the next line, after a blank one.
    const at = following.findIndex((l) => l !== '');
    const next = at >= 0 && at <= 1 ? following[at]! : '';
    if (title === '' && isCapitalTitle(next))
      return { label: `Quadro ${m[2]!}`, title: next, skip: at + 1 };
    return { label: `Quadro ${m[2]!}`, title, skip: 0 };
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line === '') {
      (current as Block | null)?.lines.push('');
      continue;
    }
    const annexHeading = parseAnnexHeading(line, options.regulationNumber);
    const nested =
      annexHeading &&
      annex &&
      ((annexStep(annexHeading.label, annex.label) ?? 0) < 0 ||
        // Inside an annex of an annex, another annex heading is one more of them ("ANEXO III"
        // after "ANEXO Nº 1") unless it numbers on from the outer annex ("ANEXO Nº 13").
        (part?.annex === true && !((annexStep(annexHeading.label, annex.label) ?? 0) > 0)));
    if (annexHeading && nested) {
      const title = annexHeading.rest;
      openPart(annexHeading.label, [annexHeading.label, title].filter(Boolean).join(' - '), true);
      continue;
    }
    if (annexHeading) {
      let title = annexHeading.rest;
      const next = lines[i + 1] ?? '';
      if (
        !title &&
        isCapitalTitle(next) &&
        !LETTER_GROUP.test(next) &&
        !parseAnnexHeading(next, options.regulationNumber)
      ) {
        title = next;
        i++;
      }
      annex = { label: annexHeading.label, title, index: ++annexCount };
      part = undefined;
      annexItems = 0;
      partIds.clear();
      prev = null;
      glossary = false;
      open('text', [], '');
      continue;
    }
    const caption = tableCaption(line, lines.slice(i + 1, i + 3));
    if (caption) {
      i += caption.skip;
      prev = null;
      glossary = false;
      open('text', [], caption.title, caption.label);
      continue;
    }
    if (GLOSSARY.test(line)) {
      glossary = true;
      open('text', [], 'Glossário');
      continue;
    }
    const item = annex ? ANNEX_ITEM.exec(line) : MAIN_ITEM.exec(line);
    if (item) {
      const number = splitNumber(item[1]!);
      const text = item[2]!.trim();
      const nextLine = lines[i + 1] ?? '';
      const continues =
        continuesSentence(lastLine(current)) || (text === '' && !ITEM_TEXT_START.test(nextLine));
      const belongs =
        !continues &&
        (annex
          ? ITEM_TEXT_START.test(text)
          : Number(number[0]) === options.regulationNumber &&
            (text === '' || ITEM_TEXT_START.test(text)));
      if (belongs && plausibleNext(prev, number)) {
        prev = number;
        glossary = false;
        if (annex) annexItems += 1;
        open('item', number, text);
        continue;
      }
    }
    const group = annex ? LETTER_GROUP.exec(line) : null;
    if (group && plausibleNext(prev, [group[1]!])) {
      prev = [group[1]!];
      open('item', [group[1]!], group[2]!.trim());
      continue;
    }
    // A heading after which an annex that had numbered items numbers from 1 again opens a part of
    // it, even right below a table ("MANGANÊS E SEUS COMPOSTOS" after asbestos' Anexo III); a
    // numbered heading of a form ("II - DADOS DE PRODUÇÃO") does not.
    if (annex && annexItems > 0 && isCapitalHeading(line) && !/^[IVXL]+\s*[-–.)]/.test(line)) {
      // A note under the heading ("(Incluído pela Portaria…)") is passed over.
      const next = lines.slice(i + 1).find((l) => l !== '' && !l.startsWith('(')) ?? '';
      if (/^1\.?\s+\p{Lu}/u.test(next)) {
        openPart(titleCase(line).split(/\s+/)[0]!, line);
        continue;
      }
    }
    if (
      isCapitalHeading(line) &&
      !(current as Block | null)?.table &&
      !(current as Block | null)?.lines.some((l) => l.includes(' | '))
    ) {
      open('text', [], line);
      continue;
    }
    if (!current) open('text', [], '');
    current!.lines.push(line);
  }
  return blocks;
}
