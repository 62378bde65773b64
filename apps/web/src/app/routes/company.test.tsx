import type { Establishment } from '@normas/contracts/establishments';
import { CNPJ_INVALID_MESSAGE, EMPLOYEES_MESSAGE } from '@normas/contracts/establishments';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeApi } from '../../test/fake-api';
import { makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const LIST = 'GET /api/v1/delivery/my-profiles';
const CREATE = 'POST /api/v1/delivery';

const cell = (text: string, colSpan = 1, rowSpan = 1) => ({ text, colSpan, rowSpan });
const source = (code: string, item: string, label: string, cellText: string, rules: string[]) => ({
  regulationId: code === 'NR-04' ? 'reg-04' : 'reg-05',
  code,
  item,
  label,
  cell: cellText,
  rules,
});

function makeProfile(overrides: Partial<Establishment> = {}): Establishment {
  return {
    id: 'p1',
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
      source: source('NR-04', 'Anexo I', 'NR-04, Anexo I – Relação da CNAE', '41.20-4: grau 3', [
        '4.5.1',
      ]),
    },
    sizing: {
      cipa: {
        efetivos: 2,
        suplentes: 1,
        designated: false,
        source: source(
          'NR-05',
          'Quadro I',
          'NR-05, Quadro I – Dimensionamento da CIPA',
          'Grau de risco 3; 101 a 120 empregados',
          ['5.4.1'],
        ),
        notes: ['Em regime sazonal, use a média aritmética (item 5.4.2).'],
      },
      sesmt: {
        required: true,
        professionals: [
          {
            role: 'tecnico_seguranca',
            count: 1,
            partTime: false,
            printed: '1',
            source: source(
              'NR-04',
              'Anexo II',
              'NR-04, Anexo II – Dimensionamento do SESMT',
              'Grau de risco 3; 101 a 250 empregados',
              ['4.4.2'],
            ),
          },
        ],
        source: source(
          'NR-04',
          'Anexo II',
          'NR-04, Anexo II – Dimensionamento do SESMT',
          'Grau de risco 3; 101 a 250 empregados',
          ['4.4.2'],
        ),
        notes: [],
      },
    },
    tables: [
      {
        id: 't2',
        code: 'NR-05',
        regulationId: 'reg-05',
        position: 1,
        label: 'Quadro I',
        title: 'Dimensionamento da CIPA',
        sectionNumber: 93,
        lastSectionNumber: 93,
        page: 11,
        columnCount: 3,
        headerRows: [
          [cell('GRAU de RISCO*'), cell('Nº de INTEGRANTES da CIPA'), cell('101 a 120')],
        ],
        bodyRows: [
          [cell('3', 1, 2), cell('Efetivos'), cell('2')],
          [cell('Suplentes'), cell('1')],
        ],
        footnotes: [],
      },
    ],
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

describe('/minha-empresa', () => {
  it('is reachable from the drawer and shows the active profile’s obligations with their sources', async () => {
    const api = installFakeApi();
    api.on(LIST, { body: { data: [makeProfile()] } });
    renderApp('/chat', { api, storedUser: makeUser() });
    await userEvent.click(await screen.findByRole('link', { name: 'Minha empresa' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Minha empresa' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Grau de risco 3' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Profissionais do SESMT' })).toHaveTextContent(
      'Técnico de segurança do trabalho: 1 (tempo integral)',
    );
    expect(screen.getByText('2 membros efetivos')).toBeInTheDocument();
    expect(screen.getByText('1 suplente')).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'NR-05, Quadro I – Dimensionamento da CIPA' }),
    ).toHaveAttribute('href', '/regulations/reg-05#Quadro%20I');
    expect(screen.getByRole('link', { name: '5.4.1' })).toHaveAttribute(
      'href',
      '/regulations/reg-05#5.4.1',
    );
    const table = screen.getByRole('table', { name: 'NR-05, Quadro I – Dimensionamento da CIPA' });
    expect(within(table).getByRole('cell', { name: '3' })).toHaveAttribute('rowspan', '2');
  });

  it('with no profile shows the form; validates like the API; creates the profile and shows its sizing', async () => {
    const api = installFakeApi();
    let profiles: Establishment[] = [];
    api.on(LIST, () => ({ body: { data: profiles } }));
    api.on('GET /api/v1/delivery/cnae?search=4120', {
      body: {
        data: [
          { code: '41.20-4', digits: '41204', description: 'Construção de edifícios', degree: 3 },
        ],
      },
    });
    api.on(CREATE, (request) => {
      profiles = [makeProfile({ name: (request.body as { name: string }).name })];
      return { status: 201, body: profiles[0] };
    });
    renderApp('/minha-empresa', { api, storedUser: makeUser() });
    const form = await screen.findByRole('form', { name: 'Novo perfil de empresa' });

    await userEvent.type(within(form).getByLabelText('Nome do estabelecimento'), 'Obra Centro');
    await userEvent.type(within(form).getByLabelText('CNPJ (opcional)'), '11.222.333/0001-82');
    await userEvent.type(
      within(form).getByLabelText('Número de empregados no estabelecimento'),
      '0',
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Salvar perfil' }));
    expect(await within(form).findByText(CNPJ_INVALID_MESSAGE)).toBeInTheDocument();
    expect(within(form).getByText(EMPLOYEES_MESSAGE)).toBeInTheDocument();
    expect(api.requests.some((r) => r.method === 'POST')).toBe(false);

    const cnpj = within(form).getByLabelText('CNPJ (opcional)');
    await userEvent.clear(cnpj);
    await userEvent.type(cnpj, '11.222.333/0001-81');
    const employees = within(form).getByLabelText('Número de empregados no estabelecimento');
    await userEvent.clear(employees);
    await userEvent.type(employees, '120');
    await userEvent.type(
      within(form).getByLabelText('Buscar CNAE por código ou atividade'),
      '4120',
    );
    await userEvent.click(
      await screen.findByRole('button', {
        name: '41.20-4 – Construção de edifícios (grau de risco 3)',
      }),
    );
    const cnae = within(form).getByLabelText('CNAE (subclasse)');
    expect(cnae).toHaveValue('4120-4/');
    expect(cnae).toHaveFocus();
    await userEvent.type(cnae, '00');
    await userEvent.selectOptions(within(form).getByLabelText('UF'), 'SP');
    await userEvent.click(within(form).getByRole('button', { name: 'Salvar perfil' }));

    expect(
      await screen.findByRole('heading', { name: 'Obrigações de Obra Centro' }),
    ).toBeInTheDocument();
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({
      name: 'Obra Centro',
      cnpj: '11.222.333/0001-81',
      cnae: '4120-4/00',
      employees: 120,
      uf: 'SP',
      active: true,
    });
    // Typing a whole form key by key takes seconds on a loaded machine.
  }, 30_000);

  it('shows the server’s message for a CNAE outside NR-04 Anexo I next to the field', async () => {
    const api = installFakeApi();
    api.on(LIST, { body: { data: [] } });
    api.on(CREATE, {
      status: 400,
      body: {
        code: 'UNKNOWN_CNAE',
        message:
          'O CNAE 9999-9/99 (classe 99.99-9) não consta na relação do Anexo I da NR-04. Confira o código no cartão do CNPJ.',
      },
    });
    renderApp('/minha-empresa', { api, storedUser: makeUser() });
    const form = await screen.findByRole('form', { name: 'Novo perfil de empresa' });
    await userEvent.type(within(form).getByLabelText('Nome do estabelecimento'), 'Teste');
    await userEvent.type(within(form).getByLabelText('CNAE (subclasse)'), '9999-9/99');
    await userEvent.type(
      within(form).getByLabelText('Número de empregados no estabelecimento'),
      '10',
    );
    await userEvent.selectOptions(within(form).getByLabelText('UF'), 'RJ');
    await userEvent.click(within(form).getByRole('button', { name: 'Salvar perfil' }));
    expect(
      await within(form).findByText(
        'O CNAE 9999-9/99 (classe 99.99-9) não consta na relação do Anexo I da NR-04. Confira o código no cartão do CNPJ.',
      ),
    ).toBeInTheDocument();
    expect(within(form).getByLabelText('CNAE (subclasse)')).toHaveAttribute('aria-invalid', 'true');
  });
});
