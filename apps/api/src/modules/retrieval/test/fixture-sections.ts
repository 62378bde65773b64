import type { IndexedSection } from '../retrieval.types';

/** Hand-written sections in the style of the NRs (not their text), for unit and CLI tests. */
const ROWS: [code: string, title: string, item: string, heading: string, content: string][] = [
  [
    'NR-05',
    'Comissão Interna de Prevenção de Acidentes - CIPA',
    '5.4.1',
    '5.4 Mandato',
    '5.4.1 É vedada a dispensa arbitrária do membro eleito da comissão desde o registro da candidatura até um ano após o final do mandato.',
  ],
  [
    'NR-05',
    'Comissão Interna de Prevenção de Acidentes - CIPA',
    '5.5.1',
    '5.5 Processo eleitoral',
    '5.5.1 A eleição deve ser convocada com antecedência mínima de sessenta dias do término do mandato.',
  ],
  [
    'NR-06',
    'Equipamento de Proteção Individual - EPI',
    '6.3',
    '6.3 Responsabilidades',
    '6.3 A organização deve fornecer gratuitamente aos empregados o equipamento de proteção individual adequado ao risco.',
  ],
  [
    'NR-06',
    'Equipamento de Proteção Individual - EPI',
    '6.5.1',
    '6.5 Empregado',
    '6.5.1 Cabe ao empregado usar o equipamento apenas para a finalidade a que se destina.',
  ],
  [
    'NR-23',
    'Proteção contra Incêndios',
    '23.1.1',
    '23.1 Disposições',
    '23.1.1 Os extintores de incêndio devem ser mantidos desobstruídos, sinalizados e inspecionados.',
  ],
  [
    'NR-23',
    'Proteção contra Incêndios',
    '23.2.1',
    '23.2 Saídas',
    '23.2.1 As saídas de emergência devem permanecer destrancadas durante o expediente.',
  ],
  [
    'NR-33',
    'Segurança e Saúde nos Trabalhos em Espaços Confinados',
    '33.3.1',
    '33.3 Entrada',
    '33.3.1 A permissão de entrada e trabalho é válida somente para cada entrada.',
  ],
  [
    'NR-33',
    'Segurança e Saúde nos Trabalhos em Espaços Confinados',
    '33.3.2',
    '33.3 Entrada',
    '33.3.2 O vigia não pode entrar no espaço confinado durante a atividade.',
  ],
  ['NR-35', 'Trabalho em Altura', '35.2', '35.2 Campo de aplicação', '35.2 Campo de aplicação'],
  [
    'NR-01',
    'Disposições Gerais e Gerenciamento de Riscos Ocupacionais',
    '1.7.4',
    '1.7 Capacitação',
    '1.7.4 O empregado afastado por mais de seis meses deve receber novo treinamento ao retornar às atividades.',
  ],
  [
    'NR-35',
    'Trabalho em Altura',
    '35.2.1',
    '35.2 Campo de aplicação',
    '35.2.1 Considera-se trabalho em altura toda atividade executada acima de dois metros do piso, onde haja risco de queda.',
  ],
  [
    'NR-35',
    'Trabalho em Altura',
    '35.3.2',
    '35.3 Capacitação',
    '35.3.2 O trabalhador deve receber capacitação teórica e prática com carga horária mínima de oito horas.',
  ],
  [
    'NR-35',
    'Trabalho em Altura',
    '35.3.3',
    '35.3 Capacitação',
    '35.3.3 A capacitação periódica deve ocorrer a cada dois anos.',
  ],
  [
    'NR-35',
    'Trabalho em Altura',
    '35.5.1',
    '35.5 Equipamentos',
    '35.5.1 O cinturão de segurança tipo paraquedista deve ser inspecionado antes de cada uso.',
  ],
  [
    'NR-35',
    'Trabalho em Altura',
    '35.5.2',
    '35.5 Equipamentos',
    '35.5.2 A permissão de trabalho deve ser emitida e aprovada pelo responsável antes do início das atividades.',
  ],
];

export const FIXTURE_SECTIONS: IndexedSection[] = ROWS.map(
  ([code, title, item, headingPath, content], i) => ({
    sectionId: `s${i + 1}`,
    regulationId: code,
    code,
    title,
    item,
    number: i + 1,
    headingPath,
    content,
  }),
);
