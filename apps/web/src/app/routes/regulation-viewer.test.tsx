import {
  countChanges,
  type CurrentVersion,
  type Regulation,
  type RegulationVersion,
  type Section,
} from '@normas/contracts/regulations';
import type { RegulationTable } from '@normas/contracts/tables';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, type FakeApi } from '../../test/fake-api';
import { makeAnswerRegulation } from '../../features/questions/testing/fixtures';
import { makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const ROUTE = 'GET /api/v1/regulations/reg-35';

function section(number: number, item: string, overrides: Partial<Section> = {}): Section {
  return {
    id: `s${number}`,
    number,
    item,
    headingPath: '35.2 Responsabilidades',
    content: `${item} Texto do item\ncom segunda linha.`,
    effectiveFrom: null,
    ...overrides,
  };
}

function makeRegulation(
  sections: Section[],
  tables: RegulationTable[] = [],
  version: CurrentVersion | null = null,
): Regulation {
  return {
    ...makeAnswerRegulation({ sections }),
    sectionCount: sections.length,
    sourceFile: 'nr-35.pdf',
    tables,
    version,
  };
}

const V2025: RegulationVersion = {
  id: 'v2',
  lastAct: 'Portaria MTE nº 1.680, de 02 de outubro de 2025',
  amendedOn: '2025-10-06',
  wordingAct: 'Portaria MTP nº 4.218, de 20/12/2022',
  sourceFile: 'nr-35.pdf',
  sha256: 'ab'.repeat(32),
  sourceUrl: 'https://www.gov.br/nr-35-atualizada-2025-1.pdf',
  importedAt: '2026-11-20T13:00:00Z',
  replacedAt: null,
  changes: {
    added: [{ item: '35.2.1' }],
    removed: [{ item: '35.9.9', content: '35.9.9 Texto revogado do item.' }],
    reworded: [{ item: '35.1.1', before: '35.1.1 Redação antiga.' }],
  },
};
const V2023: RegulationVersion = {
  ...V2025,
  id: 'v1',
  lastAct: 'Portaria MTE nº 3.903, de 28 de dezembro de 2023',
  amendedOn: '2023-12-29',
  importedAt: '2026-01-10T13:00:00Z',
  replacedAt: '2026-11-20T13:00:00Z',
  changes: null,
};

function current(version: RegulationVersion, versionCount: number): CurrentVersion {
  const { changes, ...rest } = version;
  return {
    ...rest,
    versionCount,
    changeCounts: changes ? countChanges(changes) : null,
  };
}

const cell = (text: string, colSpan = 1, rowSpan = 1) => ({ text, colSpan, rowSpan });

let api: FakeApi;
let scrollIntoView: ReturnType<typeof vi.fn>;

beforeEach(() => {
  api = installFakeApi();
  // jsdom has no layout, so no scrollIntoView: the test records the calls instead.
  scrollIntoView = vi.fn();
  Element.prototype.scrollIntoView = scrollIntoView as unknown as Element['scrollIntoView'];
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-21T15:00:00Z') });
});

afterEach(() => {
  vi.useRealTimers();
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

function items() {
  return within(screen.getByRole('list', { name: 'Itens da NR-35' })).getAllByRole('listitem');
}

describe('/regulations/{id}', () => {
  it('shows the header and every item in order, keeping line breaks', async () => {
    api.on(ROUTE, { body: makeRegulation([section(1, '35.1.1'), section(2, '35.2.1')]) });
    renderApp('/regulations/reg-35', { api, storedUser: makeUser() });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Trabalho em Altura' }),
    ).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    expect(main.getByText('NR-35')).toBeInTheDocument();
    expect(main.getByText('Vigente')).toBeInTheDocument();
    expect(main.getByText('23/03/2012')).toBeInTheDocument();
    expect(main.getByText('04/09/2023')).toBeInTheDocument();
    expect(main.getByText('Ministério do Trabalho e Emprego')).toBeInTheDocument();
    expect(
      items().map((entry) => entry.querySelector('.regulation-item-label')?.textContent),
    ).toEqual(['35.1.1', '35.2.1']);
    expect(items()[1]!.querySelector('.regulation-item-content')?.textContent).toBe(
      '35.2.1 Texto do item\ncom segunda linha.',
    );
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    expect(scrollIntoView).not.toHaveBeenCalled();
    expect(document.title).toBe('NR-35 | Assistente de Normas');
  });

  it('highlights, focuses and scrolls to the item in the URL-encoded hash', async () => {
    api.on(ROUTE, {
      body: makeRegulation([
        section(1, '35.1.1'),
        section(2, 'Anexo II 1.3', { headingPath: 'Anexo II > 1 Objetivo' }),
        section(3, '35.2.1'),
      ]),
    });
    renderApp(`/regulations/reg-35#${encodeURIComponent('Anexo II 1.3')}`, {
      api,
      storedUser: makeUser(),
    });

    await screen.findByRole('list', { name: 'Itens da NR-35' });
    const target = items()[1]!;
    expect(target).toHaveAttribute('data-highlighted', 'true');
    expect(target).toHaveTextContent('Anexo II 1.3 (item citado)');
    expect(items()[0]).not.toHaveAttribute('data-highlighted');
    expect(target).toHaveFocus();
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toBe(target);
  });

  it('says so when the cited item is not in the regulation', async () => {
    api.on(ROUTE, { body: makeRegulation([section(1, '35.1.1')]) });
    renderApp('/regulations/reg-35#99.9', { api, storedUser: makeUser() });

    expect(await screen.findByText('O item 99.9 não foi encontrado nesta norma.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(scrollIntoView).not.toHaveBeenCalled();
  });

  it('marks wording not yet in force, with a note for the page', async () => {
    api.on(ROUTE, {
      body: makeRegulation([
        section(1, '35.1.1', { effectiveFrom: '2026-11-20' }),
        section(2, '35.2.1', { effectiveFrom: '2027-01-15' }),
      ]),
    });
    renderApp('/regulations/reg-35', { api, storedUser: makeUser() });

    expect(await screen.findByRole('note')).toHaveTextContent(
      'Esta norma tem itens com redação que ainda não está em vigor',
    );
    expect(items()[0]).not.toHaveTextContent('Redação em vigor a partir de');
    expect(items()[1]).toHaveTextContent('Redação em vigor a partir de 15/01/2027');
  });

  it('shows the version in force and where its text comes from', async () => {
    api.on(ROUTE, { body: makeRegulation([section(1, '35.1.1')], [], current(V2023, 1)) });
    renderApp('/regulations/reg-35', { api, storedUser: makeUser() });

    const main = within(await screen.findByRole('main'));
    expect(
      await main.findByText('Portaria MTE nº 3.903, de 28 de dezembro de 2023 (DOU de 29/12/2023)'),
    ).toBeInTheDocument();
    expect(main.getByText('Portaria MTP nº 4.218, de 20/12/2022')).toBeInTheDocument();
    expect(main.getByRole('link', { name: 'nr-35.pdf' })).toHaveAttribute(
      'href',
      'https://www.gov.br/nr-35-atualizada-2025-1.pdf',
    );
    expect(main.getByText('ab'.repeat(32))).toBeInTheDocument();
    expect(main.queryByRole('heading', { name: 'Histórico de versões' })).not.toBeInTheDocument();
    expect(api.requestsTo('GET /api/v1/regulations/reg-35/versions')).toHaveLength(0);
  });

  it('says when a newer version replaced the text, and lists what it changed', async () => {
    api.on(ROUTE, {
      body: makeRegulation([section(1, '35.1.1'), section(2, '35.2.1')], [], current(V2025, 2)),
    });
    api.on('GET /api/v1/regulations/reg-35/versions', { body: { data: [V2025, V2023] } });
    renderApp('/regulations/reg-35', { api, storedUser: makeUser() });

    expect(
      await screen.findByText(
        /^Atualizada aqui em 20\/11\/2026: 1 item incluído, 1 item removido e 1 item com nova redação\./,
      ),
    ).toBeInTheDocument();
    const history = within(await screen.findByRole('region', { name: 'Histórico de versões' }));
    expect(
      await history.findByRole('heading', {
        level: 3,
        name: 'Portaria MTE nº 1.680, de 02 de outubro de 2025 (DOU de 06/10/2025) — em vigor',
      }),
    ).toBeInTheDocument();
    expect(history.getByRole('link', { name: '35.2.1' })).toHaveAttribute('href', '#35.2.1');
    expect(history.getByText('35.1.1 Redação antiga.')).toBeInTheDocument();
    expect(history.getByText('35.9.9 Texto revogado do item.')).toBeInTheDocument();
    expect(
      history.getByText('Importada em 10/01/2026, substituída em 20/11/2026.'),
    ).toBeInTheDocument();
    expect(history.getByText('Primeira versão importada nesta base.')).toBeInTheDocument();
  });

  it('shows the text a cited item had when a newer version removed it', async () => {
    api.on(ROUTE, { body: makeRegulation([section(1, '35.1.1')], [], current(V2025, 2)) });
    api.on('GET /api/v1/regulations/reg-35/versions', { body: { data: [V2025, V2023] } });
    renderApp('/regulations/reg-35#35.9.9', { api, storedUser: makeUser() });

    const notice = await screen.findByText(
      'O item 35.9.9 foi removido desta norma pela versão Portaria MTE nº 1.680, de 02 de outubro de 2025 (DOU de 06/10/2025). Texto que ele tinha:',
    );
    expect(notice.parentElement).toHaveAttribute('role', 'status');
    expect(notice.parentElement).toHaveTextContent('35.9.9 Texto revogado do item.');
  });

  it('says the regulation was not found on a 404', async () => {
    api.on(ROUTE, { status: 404, body: { code: 'NOT_FOUND', message: 'Recurso não encontrado.' } });
    renderApp('/regulations/reg-35', { api, storedUser: makeUser() });

    expect(await screen.findByRole('alert')).toHaveTextContent(/^Norma não encontrada\.$/);
  });

  it('renders a Quadro from its data: spanning headers, a grau spanning its rows, notes once', async () => {
    const table: RegulationTable = {
      id: 't1',
      position: 1,
      label: 'Quadro I',
      title: 'Dimensionamento da CIPA',
      sectionNumber: 2,
      lastSectionNumber: 3,
      page: 11,
      columnCount: 3,
      headerRows: [
        [cell('NÚMERO DE EMPREGADOS', 3)],
        [cell('GRAU de RISCO*'), cell('Nº de INTEGRANTES'), cell('20 a 29')],
      ],
      bodyRows: [
        [cell('3', 1, 2), cell('Efetivos'), cell('1')],
        [cell('Suplentes'), cell('1')],
      ],
      footnotes: ['*Grau de Risco conforme o Quadro I da NR-04.'],
    };
    api.on(ROUTE, {
      body: makeRegulation(
        [
          section(1, '5.4.1'),
          section(2, 'Quadro I', {
            content:
              '| GRAU de RISCO\\* | Nº | 20 a 29 |\n| --- | --- | --- |\n| 3 | Efetivos | 1 |',
          }),
          section(3, 'Quadro I', {
            content:
              '| GRAU de RISCO\\* | Nº | 20 a 29 |\n| --- | --- | --- |\n| 3 | Suplentes | 1 |\n\n\\*Grau de Risco conforme o Quadro I da NR-04.',
          }),
        ],
        [table],
      ),
    });
    renderApp('/regulations/reg-35', { api, storedUser: makeUser() });

    const grid = await screen.findByRole('table', { name: 'Quadro I – Dimensionamento da CIPA' });
    expect(
      within(grid).getByRole('columnheader', { name: 'NÚMERO DE EMPREGADOS' }),
    ).toHaveAttribute('colspan', '3');
    expect(within(grid).getByRole('cell', { name: '3' })).toHaveAttribute('rowspan', '2');
    expect(within(grid).getAllByRole('row')).toHaveLength(4);
    expect(screen.getAllByRole('table')).toHaveLength(1);
    expect(screen.getAllByText('*Grau de Risco conforme o Quadro I da NR-04.')).toHaveLength(1);
    expect(items()[2]!).toHaveTextContent('Continuação de Quadro I (tabela acima).');
    expect(screen.queryByText(/\| --- \|/)).not.toBeInTheDocument();
  });
});
