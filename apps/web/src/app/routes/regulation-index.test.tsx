import type { RegulationIndexEntry } from '@normas/contracts/regulations';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, type FakeApi } from '../../test/fake-api';
import { makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const ROUTE = 'GET /api/v1/regulations';

function entry(code: string, overrides: Partial<RegulationIndexEntry> = {}): RegulationIndexEntry {
  return {
    id: `id-${code}`,
    code,
    title: `Título da ${code}`,
    authority: 'Ministério do Trabalho e Emprego',
    issuedDate: '1978-07-06',
    revisedDate: '2022-12-22',
    status: 'vigente',
    description: '',
    sectionCount: 1234,
    version: {
      id: `v-${code}`,
      lastAct: 'Portaria MTP nº 4.219, de 20 de dezembro de 2022',
      amendedOn: '2022-12-22',
      wordingAct: null,
      sourceFile: `${code.toLowerCase()}.pdf`,
      sha256: '0'.repeat(64),
      sourceUrl: null,
      importedAt: '2026-11-01T12:00:00Z',
      replacedAt: null,
      changeCounts: null,
      versionCount: 1,
    },
    ...overrides,
  };
}

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-21T15:00:00Z') });
});

describe('/regulations/index', () => {
  it('lists every regulation with the version in force and its latest update', async () => {
    const updated = entry('NR-35', {
      version: {
        ...entry('NR-35').version!,
        lastAct: 'Portaria MTE nº 1.680, de 02 de outubro de 2025',
        amendedOn: '2025-10-06',
        importedAt: '2026-11-20T12:00:00Z',
        changeCounts: { added: 2, removed: 0, reworded: 5 },
        versionCount: 2,
      },
    });
    api.on(ROUTE, { body: { data: [entry('NR-01'), updated] } });
    renderApp('/regulations/index', { api, storedUser: makeUser() });

    const table = await screen.findByRole('table', { name: '2 normas, por código' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: 'NR-01' })).toHaveAttribute(
      'href',
      '/regulations/id-NR-01',
    );
    expect(rows[0]).toHaveTextContent(
      'Portaria MTP nº 4.219, de 20 de dezembro de 2022 (DOU de 22/12/2022)',
    );
    expect(rows[0]).toHaveTextContent('1.234');
    expect(rows[1]).toHaveTextContent(
      'Portaria MTE nº 1.680, de 02 de outubro de 2025 (DOU de 06/10/2025)',
    );
    expect(
      within(rows[1]!).getByRole('link', {
        name: 'Atualizada aqui em 20/11/2026: 2 itens incluídos e 5 itens com nova redação.',
      }),
    ).toHaveAttribute('href', '/regulations/id-NR-35#versoes');
    expect(document.title).toBe('Normas em vigor | Assistente de Normas');
  });

  it('is reached from the drawer', async () => {
    api.on(ROUTE, { body: { data: [] } });
    renderApp('/chat', { api, storedUser: makeUser() });
    expect(await screen.findByRole('link', { name: 'Normas em vigor' })).toHaveAttribute(
      'href',
      '/regulations/index',
    );
  });

  it('says when the list cannot be loaded', async () => {
    api.on(ROUTE, { status: 500, body: { code: 'INTERNAL_ERROR', message: 'x' } });
    renderApp('/regulations/index', { api, storedUser: makeUser() });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Não foi possível carregar a lista de normas.',
    );
  });
});
