import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openTestDatabase } from '../test/test-app';
import { redactQueryString, serializeErr } from './log-serializers';

const SECRET_TEXT = 'Minha obra na Rua das Flores 123, CPF 123.456.789-00';

/** A logger stream that keeps every line. */
function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { lines, stream };
}

describe('error logs', () => {
  it('carry the query shape and the database error code, never the user text', async () => {
    const { database, drop } = await openTestDatabase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'normas-logs-'));
    const { lines, stream } = capture();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    });
    const app = await buildApp(config, { database, logger: { level: 'info', stream } });
    // A route whose query fails on what the user sent, as a bug in a real one would.
    app.post('/falha-no-banco', async (request) => {
      const { text } = request.body as { text: string };
      await database.db.execute(sql`select ${text}::integer as n`);
      return { ok: true };
    });
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/falha-no-banco?busca=segredo',
        payload: { text: SECRET_TEXT },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        code: 'INTERNAL_ERROR',
        message: 'Ocorreu um erro inesperado. Tente novamente mais tarde.',
      });

      const all = lines.join('');
      expect(all).not.toContain('Rua das Flores');
      expect(all).not.toContain('segredo');
      const failure = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'request failed');
      expect(failure.err).toMatchObject({
        message: 'Failed query',
        query: 'select $1::integer as n',
        paramCount: 1,
        cause: { code: '22P02', severity: 'ERROR' },
      });
      expect(failure.err.stack).toMatch(/^\s+at /);
      const incoming = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'incoming request');
      expect(incoming.req.url).toBe('/falha-no-banco?busca=…');
    } finally {
      await app.close();
      await database.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('keep ordinary errors as pino shows them', () => {
    const error = new Error('motor de respostas indisponível');
    expect(serializeErr(error)).toMatchObject({
      type: 'Error',
      message: 'motor de respostas indisponível',
      stack: expect.stringContaining('motor de respostas indisponível'),
    });
  });

  it('drop the quoted values and details of a database error', () => {
    const error = Object.assign(new Error('invalid input syntax for type uuid: "abc-segredo"'), {
      code: '22P02',
      severity: 'ERROR',
      detail: 'Key (email)=(ana@exemplo.com.br) already exists.',
      routine: 'string_to_uuid',
    });
    const out = serializeErr(error) as Record<string, unknown>;
    expect(out).toEqual({
      type: 'Error',
      message: 'invalid input syntax for type uuid: "…"',
      code: '22P02',
      severity: 'ERROR',
      routine: 'string_to_uuid',
      stack: expect.any(String),
    });
    expect(JSON.stringify(out)).not.toMatch(/segredo|ana@exemplo/);
  });

  it('keep only the names of a query string', () => {
    expect(redactQueryString('/api/v1/faqs/search?search=cpf%20123&page=2')).toBe(
      '/api/v1/faqs/search?search=…&page=…',
    );
    expect(redactQueryString('/api/v1/health')).toBe('/api/v1/health');
  });
});
