import path from 'node:path';
import { extractHtmlText } from './html-text';
import type { PdfPage } from './pdf-pieces';
import { extractPdfDocument, type ExtractedTable } from './pdf-text';

export const SUPPORTED_EXTENSIONS = ['.pdf', '.html', '.htm', '.txt', '.md'] as const;

export class UnsupportedFileError extends Error {
  constructor(fileName: string) {
    super(
      `formato não suportado: ${path.extname(fileName) || '(sem extensão)'} (use PDF, HTML, TXT ou MD)`,
    );
    this.name = 'UnsupportedFileError';
  }
}

export function isSupportedFile(fileName: string): boolean {
  return (SUPPORTED_EXTENSIONS as readonly string[]).includes(path.extname(fileName).toLowerCase());
}

function decodeText(data: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    // Older government pages are still served as Latin-1.
    return new TextDecoder('latin1').decode(data);
  }
}

export interface ExtractOptions {
  /** Reads a PDF's pages elsewhere (worker threads); by default in this thread. */
  readPdfPages?: (data: Uint8Array) => Promise<PdfPage[]>;
}

/** A regulation file's text and, for PDFs, its ruled tables (marked in the text, table-markers.ts). */
export interface ExtractedDocument {
  text: string;
  tables: ExtractedTable[];
}

/** The text and tables of a regulation file, by its extension. */
export async function extractDocument(
  fileName: string,
  data: Uint8Array,
  options: ExtractOptions = {},
): Promise<ExtractedDocument> {
  const ext = path.extname(fileName).toLowerCase();
  if (ext === '.pdf') {
    try {
      return await extractPdfDocument(data, options.readPdfPages);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`PDF ilegível (${reason})`, { cause: error });
    }
  }
  if (ext === '.html' || ext === '.htm')
    return { text: extractHtmlText(decodeText(data)), tables: [] };
  if (ext === '.txt' || ext === '.md') return { text: decodeText(data), tables: [] };
  throw new UnsupportedFileError(fileName);
}

/** The plain text of a regulation file, by its extension. */
export async function extractText(
  fileName: string,
  data: Uint8Array,
  options: ExtractOptions = {},
): Promise<string> {
  return (await extractDocument(fileName, data, options)).text;
}
