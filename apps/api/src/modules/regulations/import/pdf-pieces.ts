import type { getDocument as GetDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** A positioned run of text on a PDF page. */
export interface Piece {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The positioned text of every page. Self-contained on purpose (no imports, no outer names): its
 * source text also runs inside the PDF worker threads, see pdf-worker-pool.ts.
 */
export async function collectPdfPieces(
  getDocument: typeof GetDocument,
  data: Uint8Array,
): Promise<Piece[][]> {
  const doc = await getDocument({
    data,
    verbosity: 0,
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
  }).promise;
  try {
    const pages: Piece[][] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
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
        });
      }
      pages.push(pieces);
      page.cleanup();
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}
