import path from 'node:path';
import type { AppContext } from '../../../context';
import { bearer, signIn } from '../../../test/sign-in';
import { createTestApp } from '../../../test/test-app';
import { CORPUS_DIR } from '../../regulations/import/golden/official-tables';
import { importRegulationFiles } from '../../regulations/import/import-files';
import { createRegulationsRepository } from '../../regulations/regulations.repository';

export type Headers = Record<string, string>;

/**
 * An app whose database holds the official NR-04 and NR-05, imported from their PDFs the way
 * production imports them, so sizing reads the real tables.
 */
export async function createSizingTestApp(options: { overrides?: Partial<AppContext> } = {}) {
  const t = await createTestApp(
    {},
    {
      beforeBuild: async (database) => {
        const summary = await importRegulationFiles(createRegulationsRepository(database.db), [
          path.join(CORPUS_DIR, 'nr-04.pdf'),
          path.join(CORPUS_DIR, 'nr-05.pdf'),
        ]);
        if (summary.imported !== 2) throw new Error(`import: ${JSON.stringify(summary.files)}`);
      },
      overrides: options.overrides,
    },
  );
  let count = 0;
  async function user(name = 'Pessoa') {
    const email = `empresa${++count}@example.com`;
    const login = await signIn(t.app, { email, name: `${name} ${count}` });
    return { id: login.user.id, email, headers: bearer(login.token) };
  }
  const inject = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: Headers,
    payload?: unknown,
  ) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers, payload: payload as object | undefined });
  return { ...t, user, inject };
}

export type SizingTestApp = Awaited<ReturnType<typeof createSizingTestApp>>;
