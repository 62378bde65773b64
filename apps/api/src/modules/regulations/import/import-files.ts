import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseRegulation } from '../parse/parse-regulation';
import type { RegulationsRepository, RegulationSummaryRow } from '../regulations.repository';
import { manifestEntryFor } from './corpus-manifest';
import {
  extractDocument,
  isSupportedFile,
  UnsupportedFileError,
  type ExtractedDocument,
  type ExtractOptions,
} from './extract-text';
import { createPdfPool } from './pdf-worker-pool';

/**
 * Bumped whenever parsing changes what is stored, so that a file imported by an older parser is
 * imported again instead of being skipped as unchanged.
 */
export const PARSER_VERSION = 7;

/**
 * `outdated`: an older official version of a regulation imported here in a newer one (its last
 * amendment is older); the newer one is kept.
 */
export type ImportStatus = 'imported' | 'unchanged' | 'outdated' | 'failed';

export interface FileImportResult {
  file: string;
  status: ImportStatus;
  code: string | null;
  sections: number | null;
  reason: string | null;
  /** For an import that replaced an earlier official version: how many items it changed. */
  changes?: { added: number; removed: number; reworded: number };
}

export interface ImportSummary {
  imported: number;
  unchanged: number;
  outdated: number;
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

export function sha256Of(data: Uint8Array): string {
  return crypto.createHash('sha256').update(data).digest('hex');
}

export function checksumOf(data: Uint8Array): string {
  return `v${PARSER_VERSION}:${sha256Of(data)}`;
}

const formatDou = (date: string | null) =>
  date ? date.split('-').reverse().join('/') : 'data desconhecida';

function outdated(name: string, code: string, current: string | null): FileImportResult {
  return {
    file: name,
    status: 'outdated',
    code,
    sections: null,
    reason: `versão mais antiga que a importada (última alteração: DOU de ${formatDou(current)}); mantida a mais recente`,
  };
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

type Prepared =
  | { done: FileImportResult }
  | {
      name: string;
      data: Uint8Array;
      checksum: string;
      sha256: string;
      sourceUrl: string | null;
      text: Promise<{ document: ExtractedDocument } | { error: unknown }>;
    };

function failed(name: string, error: unknown): FileImportResult {
  return { file: name, status: 'failed', code: null, sections: null, reason: reasonOf(error) };
}

/** Reads the file and decides whether it needs importing; starts its text extraction if so. */
async function prepare(
  repository: RegulationsRepository,
  file: string,
  options: ExtractOptions,
  /** What was imported before this run, by source file name (read once for every file). */
  bySourceFile: ReadonlyMap<string, readonly RegulationSummaryRow[]>,
): Promise<Prepared> {
  const name = path.basename(file);
  try {
    if (!isSupportedFile(name)) throw new UnsupportedFileError(name);
    const data = new Uint8Array(await fs.readFile(file));
    const sha256 = sha256Of(data);
    const listed = manifestEntryFor(file);
    if (listed && listed.sha256 !== sha256) {
      throw new Error(
        `o arquivo não confere com o manifest.json da pasta (SHA-256 ${sha256}, esperado ${listed.sha256})`,
      );
    }
    const checksum = `v${PARSER_VERSION}:${sha256}`;
    const earlier = bySourceFile.get(name)?.find((r) => r.checksum === checksum);
    if (earlier) {
      const sections = earlier.sectionCount;
      return {
        done: { file: name, status: 'unchanged', code: earlier.code, sections, reason: null },
      };
    }
    // A file already imported once and since replaced by a newer version: nothing to parse.
    const known = await repository.versionBySha(sha256);
    if (known?.version.replacedAt) {
      const current = await repository.currentVersion(known.version.regulationId);
      return { done: outdated(name, known.code, current?.amendedOn ?? null) };
    }
    // Settled into a value so that a failure waiting its turn is never an unhandled rejection.
    const text = extractDocument(name, data, options).then(
      (document) => ({ document }),
      (error: unknown) => ({ error }),
    );
    return { name, data, checksum, sha256, sourceUrl: listed?.officialUrl ?? null, text };
  } catch (error) {
    return { done: failed(name, error) };
  }
}

async function store(
  repository: RegulationsRepository,
  prepared: Exclude<Prepared, { done: FileImportResult }>,
) {
  const { name, checksum, sha256, sourceUrl } = prepared;
  try {
    const extracted = await prepared.text;
    if ('error' in extracted) throw extracted.error;
    const parsed = parseRegulation(extracted.document.text, name, extracted.document.tables);
    const existing = await repository.findByCode(parsed.code);
    if (existing && existing.checksum === checksum) {
      return {
        file: name,
        status: 'unchanged' as const,
        code: parsed.code,
        sections: parsed.sections.length,
        reason: null,
      };
    }
    const current = existing && (await repository.currentVersion(existing.id));
    if (
      current &&
      current.sourceSha256 !== sha256 &&
      current.amendedOn &&
      parsed.revisedDate &&
      parsed.revisedDate < current.amendedOn
    ) {
      return outdated(name, parsed.code, current.amendedOn);
    }
    const { outcome } = await repository.replace(parsed, name, checksum, { sha256, sourceUrl });
    const result: FileImportResult = {
      file: name,
      status: 'imported',
      code: parsed.code,
      sections: parsed.sections.length,
      reason: null,
    };
    if (outcome.kind === 'new') {
      const { added, removed, reworded } = outcome.changes;
      result.changes = { added: added.length, removed: removed.length, reworded: reworded.length };
    }
    return result;
  } catch (error) {
    return failed(name, error);
  }
}

/**
 * Imports regulation files: a broken file is reported with its reason and the others go on; each
 * regulation is replaced in its own transaction. PDFs are read on worker threads, two at a time on
 * a two-core machine, while parsing and storing follow in file order on this thread.
 */
export async function importRegulationFiles(
  repository: RegulationsRepository,
  inputs: string[],
  onProgress?: (progress: ImportProgress) => void,
  /** Stops between two files (the server asked to stop during its first import). */
  signal?: AbortSignal,
): Promise<ImportSummary> {
  const files = await collectFiles(inputs);
  const needsPool = files.some((f) => path.extname(f).toLowerCase() === '.pdf');
  const pool = needsPool
    ? createPdfPool(Math.max(1, Math.min(2, os.availableParallelism())))
    : null;
  const options: ExtractOptions = pool ? { readPdfPages: (data) => pool.extract(data) } : {};
  const results: FileImportResult[] = [];
  try {
    const prepared: Prepared[] = [];
    // One query for what is imported already: on a restart every file is, and 36 files asked
    // one by one cost a quarter of a second.
    const bySourceFile = new Map<string, RegulationSummaryRow[]>();
    for (const row of await repository.list())
      bySourceFile.set(row.sourceFile, [...(bySourceFile.get(row.sourceFile) ?? []), row]);
    for (const file of files) {
      if (signal?.aborted) break;
      prepared.push(await prepare(repository, file, options, bySourceFile));
    }
    for (const [i, item] of prepared.entries()) {
      if (signal?.aborted) break;
      const result = 'done' in item ? item.done : await store(repository, item);
      results.push(result);
      onProgress?.({ index: i + 1, total: files.length, result });
    }
  } finally {
    await pool?.close();
  }
  const tally = (status: ImportStatus) => results.filter((r) => r.status === status).length;
  return {
    imported: tally('imported'),
    unchanged: tally('unchanged'),
    outdated: tally('outdated'),
    failed: tally('failed'),
    files: results,
  };
}
