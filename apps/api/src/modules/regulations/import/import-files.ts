import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseRegulation } from '../parse/parse-regulation';
import type { RegulationsRepository } from '../regulations.repository';
import { extractText, isSupportedFile, UnsupportedFileError } from './extract-text';

/**
 * Bumped whenever parsing changes what is stored, so that a file imported by an older parser is
 * imported again instead of being skipped as unchanged.
 */
export const PARSER_VERSION = 1;

export type ImportStatus = 'imported' | 'unchanged' | 'failed';

export interface FileImportResult {
  file: string;
  status: ImportStatus;
  code: string | null;
  sections: number | null;
  reason: string | null;
}

export interface ImportSummary {
  imported: number;
  unchanged: number;
  failed: number;
  files: FileImportResult[];
}

export interface ImportProgress {
  index: number;
  total: number;
  result: FileImportResult;
}

export class ImportInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportInputError';
  }
}

/** Files named directly, plus every supported file inside the folders named, in name order. */
export async function collectFiles(inputs: string[]): Promise<string[]> {
  const files: string[] = [];
  for (const input of inputs) {
    const stat = await fs.stat(input).catch(() => null);
    if (!stat) throw new ImportInputError(`Arquivo ou pasta não encontrado: ${input}`);
    if (stat.isDirectory()) {
      const names = (await fs.readdir(input, { recursive: true }))
        .map((name) => path.join(input, String(name)))
        .filter((name) => isSupportedFile(name));
      const regular = [];
      for (const name of names) if ((await fs.stat(name)).isFile()) regular.push(name);
      files.push(...regular.sort((a, b) => a.localeCompare(b, 'en', { numeric: true })));
    } else {
      files.push(input);
    }
  }
  return [...new Set(files.map((f) => path.resolve(f)))];
}

export function checksumOf(data: Uint8Array): string {
  return `v${PARSER_VERSION}:${crypto.createHash('sha256').update(data).digest('hex')}`;
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function importOne(repository: RegulationsRepository, file: string): Promise<FileImportResult> {
  const name = path.basename(file);
  const base = { file: name, code: null, sections: null, reason: null };
  try {
    if (!isSupportedFile(name)) throw new UnsupportedFileError(name);
    const data = new Uint8Array(await fs.readFile(file));
    const checksum = checksumOf(data);
    const earlier = (await repository.findBySourceFile(name)).find((r) => r.checksum === checksum);
    if (earlier) {
      const sections = await repository.sectionCount(earlier.id);
      return { ...base, status: 'unchanged', code: earlier.code, sections };
    }
    const parsed = parseRegulation(await extractText(name, data), name);
    const existing = await repository.findByCode(parsed.code);
    if (existing && existing.checksum === checksum) {
      return { ...base, status: 'unchanged', code: parsed.code, sections: parsed.sections.length };
    }
    await repository.replace(parsed, name, checksum);
    return { ...base, status: 'imported', code: parsed.code, sections: parsed.sections.length };
  } catch (error) {
    return { ...base, status: 'failed', reason: reasonOf(error) };
  }
}

/**
 * Imports regulation files one by one: a broken file is reported with its reason and the others
 * go on; each regulation is replaced in its own transaction.
 */
export async function importRegulationFiles(
  repository: RegulationsRepository,
  inputs: string[],
  onProgress?: (progress: ImportProgress) => void,
): Promise<ImportSummary> {
  const files = await collectFiles(inputs);
  const results: FileImportResult[] = [];
  for (const [i, file] of files.entries()) {
    const result = await importOne(repository, file);
    results.push(result);
    onProgress?.({ index: i + 1, total: files.length, result });
  }
  const tally = (status: ImportStatus) => results.filter((r) => r.status === status).length;
  return { imported: tally('imported'), unchanged: tally('unchanged'), failed: tally('failed'), files: results };
}
