import type { OutsideDomain } from '../outside-domains';

/** Hand-written outside-the-NRs topic documents for unit tests (not the shipped data). */
export const FIXTURE_OUTSIDE_DOMAINS: OutsideDomain[] = [
  {
    id: 'acessibilidade',
    title: 'Acessibilidade em edificações',
    vocabulary:
      'rampa de acesso inclinação da rampa cadeirante cadeira de rodas piso tátil sanitário acessível vaga reservada pessoa com deficiência corrimão',
  },
  {
    id: 'previdencia',
    title: 'Previdência social',
    vocabulary:
      'INSS benefício auxílio-doença aposentadoria perícia médica tempo de contribuição valor do benefício segurado',
  },
  {
    id: 'trabalhista',
    title: 'Direito do trabalho',
    vocabulary: 'férias décimo terceiro salário FGTS aviso prévio rescisão hora extra jornada',
  },
];
