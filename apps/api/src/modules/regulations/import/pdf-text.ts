import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { collectPdfPieces, type Piece } from './pdf-pieces';

interface Line {
  y: number;
  height: number;
  text: string;
}

/** Items whose baselines differ by less than this share a line (superscripts sit slightly higher). */
const SAME_LINE = 3;

/** Rebuilds the visual lines of a page from positioned text items. */
export function buildLines(pieces: Piece[]): Line[] {
  const sorted = pieces.filter((p) => p.text.trim() !== '').sort((a, b) => b.y - a.y || a.x - b.x);
  const rows: Piece[][] = [];
  for (const piece of sorted) {
    const row = rows.at(-1);
    if (row && Math.abs(row[0]!.y - piece.y) < SAME_LINE) row.push(piece);
    else rows.push([piece]);
  }
  return rows.map((row) => {
    row.sort((a, b) => a.x - b.x);
    const height = Math.max(...row.map((p) => p.height));
    let text = '';
    let end: number | null = null;
    for (const piece of row) {
      if (end !== null) {
        const gap = piece.x - end;
        // A gap wider than about three spaces separates table cells; keep them apart visibly.
        if (gap > Math.max(12, height * 1.1)) text += ' | ';
        else if (gap > height * 0.12 && !text.endsWith(' ') && !piece.text.startsWith(' '))
          text += ' ';
      }
      text += piece.text;
      end = piece.x + piece.width;
    }
    return { y: row[0]!.y, height, text: text.replace(/\s+/g, ' ').trim() };
  });
}

function furnitureKey(text: string): string {
  return text.replace(/\d+/g, '#');
}

/** Lines repeated at the top or bottom of many pages (running headers, footers, page numbers). */
function findFurniture(pages: Line[][]): Set<string> {
  const counts = new Map<string, number>();
  for (const lines of pages) {
    const edge = new Set(
      [...lines.slice(0, 2), ...lines.slice(-2)].map((l) => furnitureKey(l.text)),
    );
    for (const key of edge) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const minimum = Math.max(3, Math.ceil(pages.length * 0.4));
  return new Set([...counts].filter(([, n]) => n >= minimum).map(([key]) => key));
}

const PAGE_NUMBER = /^(P[áa]gina\s*)?\d{1,3}(\s*(de|\/)\s*\d{1,3})?$/i;

/** Joins the pages' lines into text; a blank line marks a vertical gap wider than line spacing. */
export function linesToText(pages: Line[][]): string {
  const furniture = pages.length > 2 ? findFurniture(pages) : new Set<string>();
  const out: string[] = [];
  for (const lines of pages) {
    const kept = lines.filter((line, i) => {
      if (furniture.has(furnitureKey(line.text))) return false;
      const atEdge = i < 2 || i >= lines.length - 2;
      return !(atEdge && PAGE_NUMBER.test(line.text));
    });
    kept.forEach((line, i) => {
      const above = kept[i - 1];
      if (above && above.y - line.y > Math.max(above.height, line.height) * 1.6) out.push('');
      out.push(line.text);
    });
  }
  return out.join('\n');
}

/** Extracts the text of a PDF, line by line, without page furniture. */
export async function extractPdfText(
  data: Uint8Array,
  readPages: (data: Uint8Array) => Promise<Piece[][]> = (d) => collectPdfPieces(getDocument, d),
): Promise<string> {
  const pages = await readPages(data);
  return linesToText(pages.map(buildLines));
}
