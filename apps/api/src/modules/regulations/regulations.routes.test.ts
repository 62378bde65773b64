import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signIn } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { writeFixtures } from './fixtures.test-helper';
import { importRegulationFiles } from './import/import-files';
import { createRegulationsRepository } from './regulations.repository';

let t: TestApp;
let auth: Record<string, string>;
let dir: string;
let nr41: string;

beforeAll(async () => {
  t = await createTestApp();
  dir = writeFixtures();
  await importRegulationFiles(createRegulationsRepository(t.database.db), [dir]);
  nr41 = (await createRegulationsRepository(t.database.db).findByCode('NR-41'))!.id;
  auth = bearer((await signIn(t.app, { email: 'leitora@example.com', name: 'Leitora' })).token);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = auth) =>
  t.app.inject({ method: 'GET', url, headers });
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('regulation API', () => {
  it.each([
    '/api/v1/regulations',
    `/api/v1/regulations/${UNKNOWN}`,
    `/api/v1/regulations/${UNKNOWN}/versions`,
    `/api/v1/regulations/${UNKNOWN}/sections/1`,
  ])('answers 401 without a session: %s', async (url) => {
    const res = await get(url, {});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      code: 'UNAUTHENTICATED',
      message: 'Sua sessão expirou ou é inválida. Faça login novamente.',
    });
  });

  it('lists the regulations by code with dates, section counts and the version in force', async () => {
    const res = await get('/api/v1/regulations');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [
        {
          id: nr41,
          code: 'NR-41',
          title: 'Andaimes de Exemplo',
          authority: 'Ministério do Trabalho e Emprego',
          issuedDate: '1990-06-05',
          revisedDate: '2024-05-03',
          status: 'vigente',
          description: 'Esta Norma fixa regras para andaimes de exemplo.',
          sectionCount: 3,
          version: {
            id: expect.any(String),
            lastAct: 'Portaria MTE nº 20, de 02 de maio de 2024',
            amendedOn: '2024-05-03',
            wordingAct: null,
            sourceFile: 'nr-41.txt',
            sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
            sourceUrl: null,
            importedAt: expect.any(String),
            replacedAt: null,
            changeCounts: null,
            versionCount: 1,
          },
        },
        expect.objectContaining({
          code: 'NR-43',
          title: 'Ruído de Exemplo',
          revisedDate: '1991-06-05',
          sectionCount: 2,
        }),
      ],
    });
  });

  it('gives one regulation with its sections numbered from 1', async () => {
    const res = await get(`/api/v1/regulations/${nr41}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: nr41,
      code: 'NR-41',
      sourceFile: 'nr-41.txt',
      sectionCount: 3,
    });
    expect(
      body.sections.map((s: { number: number; item: string; headingPath: string }) => [
        s.number,
        s.item,
        s.headingPath,
      ]),
    ).toEqual([
      [1, '41.1.1', '41.1 Objetivo'],
      [2, '41.2.1', '41.2 Montagem'],
      [3, '41.2.2', '41.2 Montagem'],
    ]);
  });

  it('gives one section by its number', async () => {
    const res = await get(`/api/v1/regulations/${nr41}/sections/3`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: expect.any(String),
      regulationId: nr41,
      code: 'NR-41',
      number: 3,
      item: '41.2.2',
      headingPath: '41.2 Montagem',
      content: 'A altura máxima do andaime de exemplo é de 9,0 m.',
      effectiveFrom: null,
    });
  });

  it('gives the versions of a regulation, newest first, with what each changed', async () => {
    const file = `${dir}/nr-41.txt`;
    fs.writeFileSync(
      file,
      fs
        .readFileSync(file, 'utf8')
        .replace('| 03/05/24', '| 03/05/24\nPortaria MTE nº 77, de 01 de abril de 2025 | 02/04/25')
        .replace('9,0 m', '12,0 m'),
    );
    await importRegulationFiles(createRegulationsRepository(t.database.db), [file]);
    const res = await get(`/api/v1/regulations/${nr41}/versions`);
    expect(res.statusCode).toBe(200);
    const [current, previous] = res.json().data;
    expect(current).toMatchObject({
      lastAct: 'Portaria MTE nº 77, de 01 de abril de 2025',
      amendedOn: '2025-04-02',
      replacedAt: null,
      changes: {
        added: [],
        removed: [],
        reworded: [{ item: '41.2.2', before: 'A altura máxima do andaime de exemplo é de 9,0 m.' }],
      },
    });
    expect(previous).toMatchObject({ amendedOn: '2024-05-03', changes: null });
    expect(previous.replacedAt).toEqual(expect.any(String));
    const detail = (await get(`/api/v1/regulations/${nr41}`)).json();
    expect(detail.version).toMatchObject({
      amendedOn: '2025-04-02',
      changeCounts: { added: 0, removed: 0, reworded: 1 },
      versionCount: 2,
    });
    expect((await get(`/api/v1/regulations/${UNKNOWN}/versions`)).statusCode).toBe(404);
  });

  it('answers 404 in Portuguese for an unknown regulation or section', async () => {
    const missing = await get(`/api/v1/regulations/${UNKNOWN}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'NOT_FOUND', message: 'Norma não encontrada.' });
    const noSection = await get(`/api/v1/regulations/${nr41}/sections/4`);
    expect(noSection.statusCode).toBe(404);
    expect(noSection.json()).toEqual({ code: 'NOT_FOUND', message: 'A NR-41 não tem a seção 4.' });
    const sectionOfMissing = await get(`/api/v1/regulations/${UNKNOWN}/sections/1`);
    expect(sectionOfMissing.json()).toEqual({
      code: 'NOT_FOUND',
      message: 'Norma não encontrada.',
    });
  });

  it.each([
    ['/api/v1/regulations/nr-35', 'Identificador de norma inválido.'],
    [`/api/v1/regulations/${UNKNOWN}/sections/0`, 'Número de seção inválido.'],
    [`/api/v1/regulations/${UNKNOWN}/sections/1.5`, 'Número de seção inválido.'],
    [`/api/v1/regulations/${UNKNOWN}/sections/abc`, 'Número de seção inválido.'],
  ])('answers 400 for a malformed address: %s', async (url, message) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message });
  });
});
