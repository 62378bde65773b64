import type { Regulation, Section } from '@normas/contracts/regulations';
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

function makeRegulation(sections: Section[], tables: RegulationTable[] = []): Regulation {
  return {
    ...makeAnswerRegulation({ sections }),
    sectionCount: sections.length,
    sourceFile: 'nr-35.pdf',
    tables,
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
