/** Reading the block printed above the first item: title line and the amendment table. */

const SMALL_WORDS = new Set([
  'a',
  'à',
  'ao',
  'aos',
  'as',
  'às',
  'com',
  'da',
  'das',
  'de',
  'do',
  'dos',
  'e',
  'em',
  'na',
  'nas',
  'no',
  'nos',
  'o',
  'os',
  'ou',
  'para',
  'pela',
  'pelo',
  'por',
]);

const TITLE_LINE =
  /^(?:NORMA\s+REGULAMENTADORA|NR)\s*[-–]?\s*(?:N\.?\s*[º°o]\.?\s*)?(\d{1,2})\s*[-–:]\s*(.+)$/i;

export interface TitleInfo {
  code: string;
  title: string;
}

export function formatCode(n: number): string {
  return `NR-${String(n).padStart(2, '0')}`;
}

/** "TRABALHO EM ALTURA" → "Trabalho em Altura"; a trailing short acronym ("- EPI") stays upper case. */
export function titleCase(text: string): string {
  if (/[a-zà-ú]/.test(text.replace(/\b(e|de|do|da|em)\b/g, ''))) return text;
  const acronym = /\s[-–]\s([A-ZÀ-Ú]{2,6})$/.exec(text);
  const body = acronym ? text.slice(0, acronym.index) : text;
  const words = body.toLocaleLowerCase('pt-BR').split(/\s+/);
  const cased = words
    .map((w, i) =>
      i > 0 && SMALL_WORDS.has(w)
        ? w
        : // "(HEALTH" → "(Health": the first letter, after any opening punctuation.
          w.replace(
            /^(\P{L}*)(\p{L})/u,
            (_, lead: string, c: string) => lead + c.toLocaleUpperCase('pt-BR'),
          ),
    )
    .join(' ');
  return acronym ? `${cased} - ${acronym[1]}` : cased;
}

/**
 * The title line ("NR 35 - TRABALHO EM ALTURA", "NORMA REGULAMENTADORA N.º 03 – EMBARGO E
 * INTERDIÇÃO"), possibly wrapped onto the next line.
 */
export function findTitle(lines: string[]): { info: TitleInfo; lineIndex: number } | null {
  for (let i = 0; i < Math.min(lines.length, 40); i++) {
    const m = TITLE_LINE.exec(lines[i]!);
    if (!m) continue;
    let title = m[2]!.trim();
    const next = lines[i + 1] ?? '';
    // A wrapped title continues in capitals on the next line.
    if (
      next &&
      !/^(Publicação|\(|Portaria)/i.test(next) &&
      next === next.toUpperCase() &&
      /\p{L}{3}/u.test(next)
    ) {
      title = `${title} ${next}`;
    }
    return { info: { code: formatCode(Number(m[1])), title: titleCase(title) }, lineIndex: i };
  }
  return null;
}

export function codeFromFileName(fileName: string): string | null {
  const m = /nr[\s_-]*0*(\d{1,2})(?!\d)/i.exec(fileName);
  return m ? formatCode(Number(m[1])) : null;
}

/** "06/07/78" → "1978-07-06"; two-digit years from 50 on are 19xx (the NRs date from 1978). */
export function parseShortDate(text: string): string | null {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(text);
  if (!m) return null;
  const [d, mo] = [Number(m[1]), Number(m[2])];
  let y = Number(m[3]);
  if (m[3]!.length === 2) y += y >= 50 ? 1900 : 2000;
  if (mo < 1 || mo > 12 || d < 1 || d > 31) return null;
  return `${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

export interface AmendmentInfo {
  issuedDate: string | null;
  revisedDate: string | null;
  /** Issuing body of the most recent act ("MTE", "MTP", "SEPRT"…). */
  lastOrgan: string | null;
}

/**
 * The table "Publicação | D.O.U." then "Alterações/Atualizações | D.O.U.": each row is an act and
 * its DOU date. Issued = the publication row; revised = the latest amendment.
 */
export function parseAmendmentTable(frontLines: string[]): AmendmentInfo {
  let issuedDate: string | null = null;
  let revisedDate: string | null = null;
  let lastOrgan: string | null = null;
  let inAmendments = false;
  let pendingOrgan: string | null = null;
  for (const line of frontLines) {
    if (/^Altera[çc][õo]es/i.test(line)) {
      inAmendments = true;
      continue;
    }
    const organ = /Portaria\s+([A-Za-z]{2,6})\b/.exec(line)?.[1] ?? null;
    if (organ) pendingOrgan = organ;
    const dates = [...line.matchAll(/(?:^|[\s|])(\d{1,2}\/\d{1,2}\/\d{2,4})(?=$|[\s|)])/g)].map(
      (m) => parseShortDate(m[1]!),
    );
    const date = dates.filter(Boolean).at(-1);
    if (!date) continue;
    if (!inAmendments) issuedDate ??= date;
    else if (!revisedDate || date >= revisedDate) {
      revisedDate = date;
      lastOrgan = pendingOrgan;
    }
    pendingOrgan = null;
  }
  return { issuedDate, revisedDate: revisedDate ?? issuedDate, lastOrgan };
}

const ORGANS: Record<string, string> = {
  MTB: 'Ministério do Trabalho',
  MTE: 'Ministério do Trabalho e Emprego',
  MTP: 'Ministério do Trabalho e Previdência',
  MTPS: 'Ministério do Trabalho e Previdência Social',
  SEPRT: 'Secretaria Especial de Previdência e Trabalho',
  SIT: 'Secretaria de Inspeção do Trabalho',
  SSST: 'Secretaria de Segurança e Saúde no Trabalho',
  SSMT: 'Secretaria de Segurança e Medicina do Trabalho',
};

export function authorityFor(organ: string | null): string {
  return (organ && ORGANS[organ.toUpperCase()]) || ORGANS.MTE!;
}

/** One row of the amendment table: the act as printed and its DOU date. */
export interface Act {
  act: string;
  dou: string | null;
}

export interface ActsInfo {
  publication: Act | null;
  /** In the order printed (oldest first). */
  amendments: Act[];
  /** The act that gave the text its current wording: "Portaria MTP nº 4.218, de 20/12/2022". */
  wordingAct: string | null;
}

const ACT_START = /^(?:Portaria|Lei|Decreto|Resolução|Instrução)\b/i;
const WORDING =
  /\(?(?:Reda[çc][ãa]o|Texto)\s+dad[ao]\s+(?:pela\s+)?((?:Portaria|Lei|Decreto)[^)]*?)\s*(?:\)|$)/im;

/** "Portaria MTE nº 1.680, de 02 de outubro de 2025 | 06/10/25" (the date may carry "Rep."). */
function readAct(line: string): Act | null {
  const text = line.trim();
  if (!ACT_START.test(text)) return null;
  const bar = text.lastIndexOf('|');
  const act = (bar >= 0 ? text.slice(0, bar) : text).replace(/\s+/g, ' ').trim();
  const dates = [...(bar >= 0 ? text.slice(bar) : text).matchAll(/(\d{1,2}\/\d{1,2}\/\d{2,4})/g)];
  const last = dates.at(-1)?.[1];
  return { act, dou: last ? parseShortDate(last) : null };
}

/**
 * The acts of the header table, for a regulation's version: the publication, every amendment (the
 * last one names the version in force) and the "(Redação dada pela …)" note under the table. A
 * table without its "Alterações" heading (NR-38) lists amendments right under the publication.
 */
export function parseActs(frontLines: string[]): ActsInfo {
  let publication: Act | null = null;
  const amendments: Act[] = [];
  for (const line of frontLines) {
    const act = readAct(line);
    if (!act) continue;
    if (!publication) publication = act;
    else amendments.push(act);
  }
  const wording =
    frontLines
      .map((line) => WORDING.exec(line.trim())?.[1])
      .find((w) => w !== undefined)
      ?.replace(/\s+/g, ' ')
      .trim() ?? null;
  return { publication, amendments, wordingAct: wording };
}

/** The amendment that defines the version in force: the latest by DOU date, the last printed on a tie. */
export function latestAct(acts: ActsInfo): Act | null {
  let latest: Act | null = null;
  for (const act of [...(acts.publication ? [acts.publication] : []), ...acts.amendments]) {
    if (!latest || (act.dou ?? '') >= (latest.dou ?? '')) latest = act;
  }
  return latest;
}
