import {
  CheckProfileSchema,
  CNAE_FORMAT_MESSAGE,
  CNPJ_INVALID_MESSAGE,
  EMPLOYEES_MESSAGE,
  EstablishmentSchema,
  UF_MESSAGE,
} from '@normas/contracts/establishments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSizingTestApp, type SizingTestApp } from './test-support/sizing-test-app';

let t: SizingTestApp;
beforeAll(async () => {
  t = await createSizingTestApp();
}, 180_000);
afterAll(async () => t?.close());

const obra = {
  name: 'Obra Centro',
  cnpj: '11.222.333/0001-81',
  cnae: '4120-4/00',
  employees: 120,
  uf: 'sp',
};

describe('POST /delivery', () => {
  it('creates the first profile, active, with grau de risco and sizing read from the NR tables', async () => {
    const u = await t.user();
    const res = await t.inject('POST', '/delivery', u.headers, obra);
    expect(res.statusCode).toBe(201);
    const profile = EstablishmentSchema.parse(res.json());
    expect(profile).toMatchObject({
      name: 'Obra Centro',
      cnpj: '11222333000181',
      cnae: '4120400',
      cnaeFormatted: '4120-4/00',
      employees: 120,
      uf: 'SP',
      active: true,
      riskDegree: {
        degree: 3,
        cnaeClass: '41.20-4',
        description: 'Construção de edifícios',
        source: { code: 'NR-04', item: 'Anexo I' },
      },
      sizing: {
        cipa: {
          efetivos: 2,
          suplentes: 1,
          designated: false,
          source: {
            code: 'NR-05',
            item: 'Quadro I',
            cell: 'Grau de risco 3; 101 a 120 empregados',
          },
        },
        sesmt: {
          required: true,
          professionals: [{ role: 'tecnico_seguranca', count: 1, partTime: false, printed: '1' }],
          source: { code: 'NR-04', item: 'Anexo II' },
        },
      },
    });
    expect(profile.tables.map((x) => `${x.code} ${x.label}`)).toEqual([
      'NR-04 Anexo II',
      'NR-05 Quadro I',
    ]);
  });

  it('asks for a designated person below the CIPA table and says no SESMT is required', async () => {
    const u = await t.user();
    const res = await t.inject('POST', '/delivery', u.headers, {
      name: 'Escritório',
      cnae: '6920601',
      employees: 12,
      uf: 'RJ',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().sizing).toMatchObject({
      cipa: { efetivos: null, suplentes: null, designated: true },
      sesmt: { required: false, professionals: [] },
    });
    expect(res.json().cnpj).toBeNull();
  });

  it.each([
    [{ cnae: '41204' }, CNAE_FORMAT_MESSAGE],
    [{ cnae: 'construção' }, CNAE_FORMAT_MESSAGE],
    [{ cnpj: '11.222.333/0001-82' }, CNPJ_INVALID_MESSAGE],
    [{ cnpj: '11111111111111' }, CNPJ_INVALID_MESSAGE],
    [{ employees: 0 }, EMPLOYEES_MESSAGE],
    [{ employees: 12.5 }, EMPLOYEES_MESSAGE],
    [{ employees: '120' }, EMPLOYEES_MESSAGE],
    [{ uf: 'XX' }, UF_MESSAGE],
    [{ name: '   ' }, 'Informe o nome do estabelecimento.'],
  ])('refuses %j with a 400 naming the problem', async (change, message) => {
    const u = await t.user();
    const res = await t.inject('POST', '/delivery', u.headers, { ...obra, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect(JSON.stringify(res.json())).toContain(message);
  });

  it('refuses a CNAE whose class is not in NR-04 Anexo I', async () => {
    const u = await t.user();
    const res = await t.inject('POST', '/delivery', u.headers, { ...obra, cnae: '9999-9/99' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'UNKNOWN_CNAE',
      message:
        'O CNAE 9999-9/99 (classe 99.99-9) não consta na relação do Anexo I da NR-04. Confira o código no cartão do CNPJ.',
    });
  });

  it('answers 401 without a session', async () => {
    const res = await t.inject('POST', '/delivery', {}, obra);
    expect(res.statusCode).toBe(401);
  });
});

describe('profiles are the owner’s alone; one is active', () => {
  it('lists, reads, changes and deletes only the user’s own profiles', async () => {
    const ana = await t.user('Ana');
    const bruno = await t.user('Bruno');
    const mine = (await t.inject('POST', '/delivery', ana.headers, obra)).json();
    await t.inject('POST', '/delivery', bruno.headers, { ...obra, name: 'Do Bruno' });

    const list = await t.inject('GET', '/delivery/my-profiles', bruno.headers);
    expect(list.json().data.map((p: { name: string }) => p.name)).toEqual(['Do Bruno']);
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', obra],
      ['DELETE', undefined],
    ] as const) {
      const res = await t.inject(method, `/delivery/${mine.id}`, bruno.headers, payload);
      expect(res.statusCode, method).toBe(404);
      expect(res.json()).toEqual({
        code: 'ESTABLISHMENT_NOT_FOUND',
        message: 'Perfil de empresa não encontrado.',
      });
    }
    expect((await t.inject('GET', `/delivery/${mine.id}`, ana.headers)).statusCode).toBe(200);
  });

  it('keeps one active profile: a new one joins inactive, PUT active moves it, DELETE hands it on', async () => {
    const u = await t.user();
    const first = (await t.inject('POST', '/delivery', u.headers, obra)).json();
    const second = (
      await t.inject('POST', '/delivery', u.headers, { ...obra, name: 'Filial', employees: 700 })
    ).json();
    expect([first.active, second.active]).toEqual([true, false]);

    const switched = await t.inject('PUT', `/delivery/${second.id}`, u.headers, {
      ...obra,
      name: 'Filial',
      employees: 700,
      active: true,
    });
    expect(switched.statusCode).toBe(200);
    const actives = (await t.inject('GET', '/delivery/my-profiles', u.headers))
      .json()
      .data.filter((p: { active: boolean }) => p.active)
      .map((p: { id: string }) => p.id);
    expect(actives).toEqual([second.id]);

    const check = CheckProfileSchema.parse(
      (await t.inject('GET', '/delivery/check-profile', u.headers)).json(),
    );
    expect(check).toEqual({ hasProfile: true, complete: true, activeProfileId: second.id });

    expect((await t.inject('DELETE', `/delivery/${second.id}`, u.headers)).statusCode).toBe(204);
    const after = (await t.inject('GET', '/delivery/check-profile', u.headers)).json();
    expect(after.activeProfileId).toBe(first.id);
  });

  it('check-profile says when the user has no profile', async () => {
    const u = await t.user();
    const res = await t.inject('GET', '/delivery/check-profile', u.headers);
    expect(res.json()).toEqual({ hasProfile: false, complete: false, activeProfileId: null });
  });

  it('PUT recomputes the sizing from the new number of employees', async () => {
    const u = await t.user();
    const created = (await t.inject('POST', '/delivery', u.headers, obra)).json();
    const res = await t.inject('PUT', `/delivery/${created.id}`, u.headers, {
      ...obra,
      employees: 5200,
    });
    expect(res.json().sizing.cipa).toMatchObject({ efetivos: 12, suplentes: 8 });
    expect(res.json().active).toBe(true);
  });

  it('rejects a malformed id with a 400', async () => {
    const u = await t.user();
    const res = await t.inject('GET', '/delivery/nao-e-um-id', u.headers);
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /delivery/cnae', () => {
  it('finds classes by code and by words, accents ignored, with their grau', async () => {
    const u = await t.user();
    const byCode = await t.inject('GET', '/delivery/cnae?search=4120', u.headers);
    expect(byCode.json().data).toEqual([
      { code: '41.20-4', digits: '41204', description: 'Construção de edifícios', degree: 3 },
    ]);
    const byWords = await t.inject(
      'GET',
      '/delivery/cnae?search=construcao%20edificios',
      u.headers,
    );
    expect(byWords.json().data.map((c: { code: string }) => c.code)).toContain('41.20-4');
  });

  it('asks for at least two characters', async () => {
    const u = await t.user();
    const res = await t.inject('GET', '/delivery/cnae?search=4', u.headers);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('Digite ao menos 2 caracteres.');
  });
});
