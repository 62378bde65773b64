import type { getDocument as GetDocument, OPS as PdfOps } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** A positioned run of text on a PDF page. */
export interface Piece {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Set in a bold face: table headers are bold in the NRs' Word exports. */
  bold?: boolean;
}

/** A ruling line of the page (a table border), horizontal (y0 = y1) or vertical (x0 = x1). */
export interface Rule {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** One page's text pieces and the ruling lines drawn on it. */
export interface PdfPage {
  pieces: Piece[];
  rules: Rule[];
}

/** What `collectPdfPieces` needs from pdf.js. */
export interface PdfJs {
  getDocument: typeof GetDocument;
  OPS: typeof PdfOps;
}

/**
 * The positioned text and ruling lines of every page. Self-contained on purpose (no imports, no
 * outer names): its source text also runs inside the PDF worker threads, see pdf-worker-pool.ts.
 *
 * Word draws table borders as thin filled rectangles (or stroked lines); those become rules, from
 * which the table grid is recovered (pdf-tables.ts). Wider fills (cell shading) and clipping paths
 * are not borders.
 */
export async function collectPdfPieces(pdfjs: PdfJs, data: Uint8Array): Promise<PdfPage[]> {
  const { OPS } = pdfjs;
  const THIN = 2.5;
  const FILLS = new Set<number>([
    OPS.fill,
    OPS.eoFill,
    OPS.fillStroke,
    OPS.eoFillStroke,
    OPS.closeFillStroke,
    OPS.closeEOFillStroke,
  ]);
  const STROKES = new Set<number>([OPS.stroke, OPS.closeStroke]);
  type Matrix = [number, number, number, number, number, number];
  const apply = (m: Matrix, x: number, y: number): [number, number] => [
    m[0] * x + m[2] * y + m[4],
    m[1] * x + m[3] * y + m[5],
  ];
  const multiply = (m: Matrix, n: number[]): Matrix => [
    n[0]! * m[0] + n[1]! * m[2],
    n[0]! * m[1] + n[1]! * m[3],
    n[2]! * m[0] + n[3]! * m[2],
    n[2]! * m[1] + n[3]! * m[3],
    n[4]! * m[0] + n[5]! * m[2] + m[4],
    n[4]! * m[1] + n[5]! * m[3] + m[5],
  ];

  /** Sub-paths of a pdf.js (v5) path: lists of points; curves are not borders and end a sub-path. */
  const subPaths = (path: ArrayLike<number>, m: Matrix): [number, number][][] => {
    const out: [number, number][][] = [];
    let current: [number, number][] = [];
    for (let i = 0; i < path.length;) {
      const op = path[i]!;
      if (op === 0 || op === 1) {
        if (op === 0 && current.length > 0) {
          out.push(current);
          current = [];
        }
        current.push(apply(m, path[i + 1]!, path[i + 2]!));
        i += 3;
      } else if (op === 2) i += 7;
      else if (op === 3) i += 5;
      else {
        if (current.length > 0) current.push(current[0]!);
        i += 1;
      }
    }
    if (current.length > 0) out.push(current);
    return out;
  };

  const rulesOf = (points: [number, number][], filled: boolean): Rule[] => {
    const xs = points.map((p) => p[0]);
    const ys = points.map((p) => p[1]);
    const box = {
      x0: Math.min(...xs),
      y0: Math.min(...ys),
      x1: Math.max(...xs),
      y1: Math.max(...ys),
    };
    const w = box.x1 - box.x0;
    const h = box.y1 - box.y0;
    if (filled) {
      if (w <= THIN && h > THIN)
        return [{ x0: (box.x0 + box.x1) / 2, y0: box.y0, x1: (box.x0 + box.x1) / 2, y1: box.y1 }];
      if (h <= THIN && w > THIN)
        return [{ x0: box.x0, y0: (box.y0 + box.y1) / 2, x1: box.x1, y1: (box.y0 + box.y1) / 2 }];
      return [];
    }
    const rules: Rule[] = [];
    for (let k = 1; k < points.length; k++) {
      const [ax, ay] = points[k - 1]!;
      const [bx, by] = points[k]!;
      if (Math.abs(ax - bx) < 0.5 && Math.abs(ay - by) > THIN)
        rules.push({ x0: ax, y0: Math.min(ay, by), x1: ax, y1: Math.max(ay, by) });
      else if (Math.abs(ay - by) < 0.5 && Math.abs(ax - bx) > THIN)
        rules.push({ x0: Math.min(ax, bx), y0: ay, x1: Math.max(ax, bx), y1: ay });
    }
    return rules;
  };

  const doc = await pdfjs.getDocument({
    data,
    verbosity: 0,
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
  }).promise;
  try {
    const pages: PdfPage[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const operators = await page.getOperatorList();
      const rules: Rule[] = [];
      const stack: Matrix[] = [];
      let ctm: Matrix = [1, 0, 0, 1, 0, 0];
      for (let i = 0; i < operators.fnArray.length; i++) {
        const fn = operators.fnArray[i]!;
        const args = operators.argsArray[i] as unknown[];
        if (fn === OPS.save) stack.push(ctm);
        else if (fn === OPS.restore) ctm = stack.pop() ?? ctm;
        else if (fn === OPS.transform) ctm = multiply(ctm, args as number[]);
        else if (fn === OPS.constructPath) {
          const paint = args[0] as number;
          const filled = FILLS.has(paint);
          if (!filled && !STROKES.has(paint)) continue;
          const path = (args[1] as ArrayLike<number>[] | undefined)?.[0];
          if (!path) continue;
          for (const points of subPaths(path, ctm)) rules.push(...rulesOf(points, filled));
        }
      }
      const content = await page.getTextContent();
      const boldFonts = new Map<string, boolean>();
      const isBold = (fontName: string): boolean => {
        let bold = boldFonts.get(fontName);
        if (bold === undefined) {
          let name = '';
          try {
            name = String((page.commonObjs.get(fontName) as { name?: string }).name ?? '');
          } catch {
            name = '';
          }
          bold = /bold|black|heavy|semibold|demi/i.test(name);
          boldFonts.set(fontName, bold);
        }
        return bold;
      };
      const pieces: Piece[] = [];
      for (const item of content.items) {
        if (!('str' in item)) continue;
        const t = item.transform as number[];
        pieces.push({
          text: item.str,
          x: t[4]!,
          y: t[5]!,
          width: item.width,
          height: item.height || Math.abs(t[3]!),
          bold: isBold(item.fontName),
        });
      }
      pages.push({ pieces, rules });
      page.cleanup();
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}
