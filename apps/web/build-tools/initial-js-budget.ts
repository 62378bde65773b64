import { gzipSync } from 'node:zlib';
import type { Plugin, Rolldown } from 'vite';

/** Code that must never be in the script a page loads first, and where it belongs instead. */
export interface ForbiddenModule {
  pattern: RegExp;
  reason: string;
}

export interface InitialJsBudget {
  /** Upper bound for the gzip size of the entry script and every chunk it imports statically. */
  maxGzipBytes: number;
  forbidden: ForbiddenModule[];
}

export interface InitialJsReport {
  files: { fileName: string; gzipBytes: number }[];
  gzipBytes: number;
  /** Forbidden modules found in the initial chunks, with the chunk that carries each. */
  violations: { module: string; fileName: string; reason: string }[];
}

type Chunk = Pick<Rolldown.OutputChunk, 'fileName' | 'code' | 'isEntry' | 'imports' | 'moduleIds'>;

/**
 * What a browser must download before the app's first line runs: the entry chunks and, through
 * static imports, everything they import (Vite preloads those with the entry). Chunks reached only
 * through `import()` load later, where they are needed, and are not counted.
 */
export function measureInitialJs(
  bundle: Record<string, Chunk | { type: 'asset' } | Rolldown.OutputAsset>,
  forbidden: ForbiddenModule[],
): InitialJsReport {
  const chunks = new Map<string, Chunk>();
  for (const [fileName, output] of Object.entries(bundle)) {
    if ('code' in output && typeof output.code === 'string') chunks.set(fileName, output as Chunk);
  }
  const initial = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = chunks.get(fileName);
    if (!chunk || initial.has(fileName)) return;
    initial.add(fileName);
    chunk.imports.forEach(visit);
  };
  for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName);

  const files = [...initial].map((fileName) => ({
    fileName,
    gzipBytes: gzipSync(chunks.get(fileName)!.code, { level: 9 }).length,
  }));
  const violations = [...initial].flatMap((fileName) =>
    chunks
      .get(fileName)!
      .moduleIds.flatMap((module) =>
        forbidden
          .filter(({ pattern }) => pattern.test(module))
          .map(({ reason }) => ({ module, fileName, reason })),
      ),
  );
  return {
    files: files.sort((a, b) => b.gzipBytes - a.gzipBytes),
    gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0),
    violations,
  };
}

/** Kilobytes of 1,000 bytes, as Vite prints chunk sizes. */
export const kilobytes = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** The build fails when the initial script grows past the budget or takes in a forbidden module. */
export function checkInitialJs(report: InitialJsReport, budget: InitialJsBudget): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const { module, fileName, reason } of report.violations) {
    const name = module.replace(/^.*node_modules[\\/]/, '');
    const key = `${reason}:${fileName}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push(`${name} is in the initial script (${fileName}): ${reason}`);
  }
  if (report.gzipBytes > budget.maxGzipBytes) {
    const files = report.files.map((f) => `  ${f.fileName} ${kilobytes(f.gzipBytes)}`).join('\n');
    problems.push(
      `initial JS is ${kilobytes(report.gzipBytes)} gzip, over the budget of ${kilobytes(budget.maxGzipBytes)}:\n${files}`,
    );
  }
  return problems;
}

/** Vite plugin: measures the initial script of every build and stops the build when it is over. */
export function initialJsBudget(budget: InitialJsBudget): Plugin {
  return {
    name: 'initial-js-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const report = measureInitialJs(bundle, budget.forbidden);
      const problems = checkInitialJs(report, budget);
      if (problems.length > 0) this.error(problems.join('\n'));
      this.info(
        `initial JS ${kilobytes(report.gzipBytes)} gzip (budget ${kilobytes(budget.maxGzipBytes)})`,
      );
    },
  };
}
