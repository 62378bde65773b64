import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config';
import { openDatabase } from '../db/client';
import { regulations, sections } from '../db/schema';
import { ANSWER_FEATURES, RANK_FEATURES } from '../modules/retrieval/engine';
import { parseLinearModel } from '../modules/retrieval/linear-model';
import { FIXTURE_SECTIONS } from '../modules/retrieval/test/fixture-sections';

const run = promisify(execFile);
const MAIN = path.join(REPO_ROOT, 'apps/api/src/cli/main.ts');
let dataDir: string;
let env: Record<string, string>;
let dropDatabase = async () => {};

/** A database of the kind the CLI will open (PGlite in DATA_DIR, or a fresh PostgreSQL database). */
async function prepareDatabase(): Promise<void> {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'normas-eval-'));
  env = {
    ...(process.env as Record<string, string>),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
  };
  let url: string | undefined;
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const name = `normas_test_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    url = env.DATABASE_URL = u.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const database = await openDatabase({ url, dataDir });
  await database.migrate();
  const ids = new Map<string, string>();
  for (const s of FIXTURE_SECTIONS) {
    if (!ids.has(s.code)) {
      const [row] = await database.db
        .insert(regulations)
        .values({ code: s.code, title: s.title, sourceFile: `${s.code}.pdf`, checksum: s.code })
        .returning({ id: regulations.id });
      ids.set(s.code, row!.id);
    }
    await database.db.insert(sections).values({
      regulationId: ids.get(s.code)!,
      number: s.number,
      item: s.item,
      headingPath: s.headingPath,
      content: s.content,
    });
  }
  await database.close();
}

async function cli(...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', MAIN, ...args], {
      cwd: REPO_ROOT,
      env,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

beforeAll(prepareDatabase, 60_000);
afterAll(async () => {
  await dropDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('normas eval', () => {
  it('prints one JSON line per question on stdout and the summary on stderr', async () => {
    const file = path.join(dataDir, 'questions.jsonl');
    fs.writeFileSync(
      file,
      [
        {
          id: 'q1',
          question: 'o cinto paraquedista precisa ser inspecionado antes do uso?',
          type: 'lookup',
          gold: [{ code: 'NR-35', item: '35.5.1' }],
        },
        {
          id: 'q2',
          question: 'quantos dias de férias posso vender?',
          type: 'out_of_corpus',
          gold: [],
        },
      ]
        .map((q) => JSON.stringify(q))
        .join('\n'),
    );
    const { code, stdout, stderr } = await cli('eval', '--questions', file);
    expect(code).toBe(0);
    const lines = stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(Object.keys(line)).toEqual(['id', 'abstained', 'results']);
      const results = line.results as Record<string, unknown>[];
      expect(results.length).toBeLessThanOrEqual(10);
      for (const r of results) {
        expect(Object.keys(r)).toEqual(['code', 'item', 'score']);
        expect(typeof r.score).toBe('number');
      }
    }
    expect(lines[0]).toMatchObject({ id: 'q1', abstained: false });
    expect((lines[0]!.results as unknown[])[0]).toMatchObject({ code: 'NR-35', item: '35.5.1' });
    expect(lines[1]).toMatchObject({ id: 'q2', abstained: true });
    expect(stderr).toContain('Perguntas: 2 (1 com itens de referência, 1 fora do acervo)');
    expect(stderr).toContain('Recall@1 1.000  Recall@5 1.000  Recall@10 1.000  MRR@10 1.000');
    expect(stderr).toContain('Abstenção fora do acervo 1.000  Abstenção indevida 0.000');
  }, 60_000);

  it('explains a missing questions file with a usage error', async () => {
    const { code, stdout, stderr } = await cli('eval');
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain('Informe o arquivo de perguntas com --questions.');
  }, 60_000);
});

describe('normas ask', () => {
  it('answers --json with the ranked sections', async () => {
    // The served models and known questions are the real corpus's; fixture items share their labels.
    const question = 'a organização deve fornecer o EPI de graça ao empregado?';
    const { code, stdout } = await cli('ask', question, '--json');
    expect(code).toBe(0);
    const body = JSON.parse(stdout) as {
      question: string;
      abstained: boolean;
      results: { code: string; item: string }[];
    };
    expect(body.question).toBe(question);
    expect(body.abstained).toBe(false);
    expect(body.results[0]).toMatchObject({ code: 'NR-06', item: '6.3' });
  }, 60_000);

  it('says in Portuguese when the corpus does not cover the question', async () => {
    const { code, stdout } = await cli('ask', 'qual o recuo frontal exigido pelo código de obras?');
    expect(code).toBe(0);
    expect(stdout).toContain(
      'As NRs importadas não cobrem esta pergunta com segurança; nenhum item foi indicado como resposta.',
    );
  }, 60_000);
});

describe('normas train-retrieval', () => {
  it('trains both models on every .jsonl of a folder, and writes them with the known questions', async () => {
    const folder = path.join(dataDir, 'training');
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, 'LEIA-ME.md'), 'não é um arquivo de perguntas');
    const rows: [string, string, string][] = [
      ['quem paga o equipamento de proteção do empregado?', 'NR-06', '6.3'],
      ['o funcionário pode usar o EPI para outra finalidade?', 'NR-06', '6.5.1'],
      ['o extintor precisa ficar sinalizado?', 'NR-23', '23.1.1'],
      ['pode trancar a saída de emergência no expediente?', 'NR-23', '23.2.1'],
      ['a permissão de entrada vale para várias entradas?', 'NR-33', '33.3.1'],
      ['o vigia pode entrar no espaço confinado?', 'NR-33', '33.3.2'],
      ['quantos dias de férias o empregado pode vender?', '', ''],
      ['qual a alíquota do FGTS?', '', ''],
      ['como tirar o alvará na prefeitura?', '', ''],
      ['qual o valor da aposentadoria por invalidez?', '', ''],
    ];
    const lines = rows.map(([question, code, item], i) =>
      JSON.stringify({ id: `t${i}`, question, gold: code ? [{ code, item }] : [] }),
    );
    fs.writeFileSync(path.join(folder, 'b-fora.jsonl'), lines.slice(6).join('\n'));
    fs.writeFileSync(path.join(folder, 'a-dentro.jsonl'), lines.slice(0, 6).join('\n'));
    // A conversation: its earlier turns and last message, with the item the last message asks for.
    const chat = {
      id: 'c1',
      turns: ['Vamos entrar num tanque para limpar.'],
      question: 'E o vigia, pode entrar também?',
      gold: [{ code: 'NR-33', item: '33.3.2' }],
    };
    fs.writeFileSync(path.join(folder, 'c-conversas.jsonl'), JSON.stringify(chat));
    const out = path.join(dataDir, 'models');
    const { code, stderr } = await cli('train-retrieval', '--questions', folder, '--out', out);
    expect(code).toBe(0);
    expect(stderr).toContain('Perguntas: 11 (7 com itens de referência, 4 fora do acervo)');
    expect(stderr).toMatch(
      /Validação cruzada — Recall@1: manual \d\.\d{3}, aprendido \d\.\d{3}; Recall@5: manual \d\.\d{3}, aprendido \d\.\d{3}/,
    );
    const read = (name: string) => JSON.parse(fs.readFileSync(path.join(out, name), 'utf8'));
    const ranker = parseLinearModel(read('ranker.model.json'), RANK_FEATURES);
    const answerability = parseLinearModel(read('answerability.model.json'), ANSWER_FEATURES);
    expect(ranker.trainedOn).toMatchObject({
      files: ['a-dentro.jsonl', 'b-fora.jsonl', 'c-conversas.jsonl'],
      sections: FIXTURE_SECTIONS.length,
    });
    expect(answerability.threshold).toBeGreaterThan(0);
    // The conversation expands the index apart from the questions, which are also suggestions.
    const known = read('known-questions.json');
    expect(known.items['NR-33|33.3.2']).toEqual(['o vigia pode entrar no espaço confinado?']);
    expect(known.conversations).toEqual({
      'NR-33|33.3.2': ['Vamos entrar num tanque para limpar. E o vigia, pode entrar também?'],
    });
  }, 120_000);

  it('explains missing or unknown arguments with a usage error', async () => {
    expect(await cli('train-retrieval')).toMatchObject({ code: 2 });
    const wrong = await cli('train-retrieval', '--question', 'x.jsonl');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('Argumento inesperado: --question');
    const missing = await cli('train-retrieval', '--questions', path.join(dataDir, 'nada.jsonl'));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('Arquivo não encontrado:');
    const empty = path.join(dataDir, 'vazia');
    fs.mkdirSync(empty, { recursive: true });
    const none = await cli('train-retrieval', '--questions', empty);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('Nenhum arquivo .jsonl em');
  }, 60_000);
});
