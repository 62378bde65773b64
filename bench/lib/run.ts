import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../apps/api/src/config';

/** Writes a benchmark's report to bench/results/<name> and returns its path. */
export function writeBenchResult(name: string, report: string): string {
  const dir = path.join(REPO_ROOT, 'bench/results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  fs.writeFileSync(file, report);
  return file;
}

/** Runs a benchmark's main: a failure prints its stack and sets a non-zero exit code. */
export function runBench(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    process.stderr.write(
      `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exitCode = 1;
  });
}
