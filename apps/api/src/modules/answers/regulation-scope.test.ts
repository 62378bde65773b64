/**
 * An item of a sector's regulation, cited for a question that does not name the sector, says whose
 * rule it is (decision record 0057). The items are the official text.
 */
import { describe, expect, it } from 'vitest';
import type { AnswerInput, AnswerSource, ConversationTurn } from './answer-engine';
import { firstParagraph } from './answer-metrics';
import { officialSection as section } from './answers.fixtures';
import { composeExtractiveAnswer } from './extractive.engine';
import { buildMessages } from './llm.prompt';
import { unstatedAnnex, unstatedScope } from './regulation-scope';

const NR37 = '14b90920-3f7e-4130-a312-634c480535b0';
const NR34 = '51483a25-bd26-4837-84a4-e8e747b0ac8a';
const NR23 = 'a6d2c1f0-3b1e-4c55-9f0e-2f7d1c9b8e23';

const PLACED = section(
  NR37,
  'NR-37',
  '37.25.7.4.1',
  'Os extintores deverão ser instalados em locais de fácil visualização e acesso.',
  10,
);
const FACING = section(
  NR37,
  'NR-37',
  '37.25.7.4.5',
  'Ao ser instalado, o extintor deve estar com as suas instruções de utilização voltadas para frente, de modo visível.',
  9,
);
const FLOATING = section(
  NR34,
  'NR-34',
  '34.16.15',
  'É obrigatória a sinalização e a instalação de extintores de incêndio em número e capacidade suficientes para debelar o fogo, proporcionalmente ao tamanho da estrutura flutuante e aos tipos de serviços executados a bordo.',
  9,
);
const STATE_LAW = section(
  NR23,
  'NR-23',
  '23.3.1',
  'Os equipamentos de combate a incêndio devem atender ao disposto na legislação estadual e, quando aplicável, nas normas técnicas oficiais.',
  10,
);

function answer(question: string, results: AnswerSource[], conversation?: ConversationTurn[]) {
  const input: AnswerInput = {
    question,
    retrieval: { abstained: false, confidence: 0.9, results },
    conversation,
  };
  const result = composeExtractiveAnswer(input, '2026-11-28');
  return { markdown: result.markdown, lead: firstParagraph(result.markdown) };
}

describe('the sector of a regulation', () => {
  it('is named for a sector’s regulation the question does not place in that sector', () => {
    expect(unstatedScope('NR-37', ['onde instalar extintor'])).toBe(
      'que se aplica a plataformas de petróleo',
    );
    expect(unstatedScope('NR-18', ['Qual a altura mínima do guarda-corpo?'])).toBe(
      'que se aplica à indústria da construção',
    );
    // A lifting platform is not an oil platform, nor shipbuilding the construction industry.
    expect(unstatedScope('NR-37', ['Qual a carga da plataforma elevatória?'])).not.toBeNull();
    expect(unstatedScope('NR-18', ['Solda na construção naval: precisa de observador?'])).toBe(
      'que se aplica à indústria da construção',
    );
    expect(
      unstatedScope('NR-34', ['Solda na construção naval: precisa de observador?']),
    ).toBeNull();
    // A store that sells building materials is not a construction site.
    expect(
      unstatedScope('NR-18', ['No meu depósito de material de construção a porta corta-fogo…']),
    ).toBe('que se aplica à indústria da construção');
    expect(unstatedScope('NR-18', ['Na construção do galpão, qual a altura?'])).toBeNull();
  });

  it('is not named when the user said the sector or the regulation, or the regulation is general', () => {
    expect(unstatedScope('NR-37', ['Onde instalar extintor na plataforma offshore?'])).toBeNull();
    expect(unstatedScope('NR-37', ['O que a NR 37 diz de extintores?'])).toBeNull();
    expect(unstatedScope('NR-18', ['Guarda-corpo de andaime na obra: qual altura?'])).toBeNull();
    expect(unstatedScope('NR-22', ['lanterna de carbureto no subsolo, pode?'])).toBeNull();
    expect(unstatedScope('NR-23', ['onde instalar extintor'])).toBeNull();
    expect(unstatedScope('NR-35', ['a partir de que altura?'])).toBeNull();
  });
});

describe('lead of an answer from a sector’s regulation', () => {
  it('says the rule is an oil platform’s when the question says nothing of platforms', () => {
    const { lead } = answer('onde instalar extintor', [PLACED, FACING]);
    expect(lead).toMatch(
      /^Segundo o item 37\.25\.7\.4\.1 da NR-37, que se aplica a plataformas de petróleo, os extintores deverão ser instalados em locais de fácil visualização e acesso\./,
    );
    // Said once: the second item of the same regulation does not repeat it.
    expect(lead.match(/plataformas de petróleo/g)).toHaveLength(1);
    expect(lead).toContain('O item 37.25.7.4.5 da NR-37 também estabelece que');
  });

  it('does not when the question, or an earlier message of the chat, names the sector', () => {
    expect(answer('onde instalar extintor na plataforma?', [PLACED, FACING]).lead).toMatch(
      /^Segundo o item 37\.25\.7\.4\.1 da NR-37, os extintores deverão/,
    );
    const chat: ConversationTurn[] = [
      { role: 'user', content: 'Trabalho embarcado numa unidade offshore.' },
      { role: 'assistant', content: 'Segundo o item 37.1.1 da NR-37, …' },
    ];
    expect(answer('onde instalar extintor?', [PLACED, FACING], chat).lead).not.toContain(
      'que se aplica',
    );
    // What the assistant said is not what the user said: it does not place the user on a platform.
    const told: ConversationTurn[] = [
      { role: 'user', content: 'extintor' },
      { role: 'assistant', content: 'Em plataformas de petróleo offshore, a NR-37…' },
    ];
    expect(answer('e onde instalar?', [PLACED, FACING], told).lead).toContain(
      'que se aplica a plataformas de petróleo',
    );
  });

  it('names each sector once, and none for a general regulation', () => {
    const { lead } = answer('onde instalar extintor', [PLACED, FLOATING]);
    expect(lead).toContain('da NR-37, que se aplica a plataformas de petróleo,');
    expect(lead).toContain(
      'O item 34.16.15 da NR-34, que se aplica à construção, reparação e desmonte naval, também estabelece que',
    );
    const general = answer('onde instalar extintor', [STATE_LAW, PLACED]).lead;
    expect(general).toMatch(/^Segundo o item 23\.3\.1 da NR-23, os equipamentos/);
    expect(general).toContain('da NR-37, que se aplica a plataformas de petróleo, também');
  });

  it('leads with the regulation of the sector the question names, over another sector’s nearly as good', () => {
    const NR18 = '94ea6b13-a986-4004-9a1d-dd53985c7785';
    const site = section(
      NR18,
      'NR-18',
      '18.7.6.4',
      'O trabalhador observador deve ser capacitado em prevenção e combate a incêndio.',
      10,
    );
    const shipyard = section(
      NR34,
      'NR-34',
      '34.5.10',
      'Quando definido na APR, o observador deve permanecer no local, em contato permanente com as frentes de trabalho, até a conclusão do serviço.',
      9.9,
    );
    const naval = answer('Na construção naval, até quando o observador fica no local?', [
      site,
      shipyard,
    ]).lead;
    expect(naval).toMatch(/^Segundo o item 34\.5\.10 da NR-34, quando definido na APR/);
    // Naming neither sector, retrieval's first regulation leads.
    expect(answer('Até quando o observador fica no local?', [site, shipyard]).lead).toMatch(
      /^Segundo o item 18\.7\.6\.4 da NR-18/,
    );
  });

  it('leads with a general regulation nearly as high over a sector’s the question does not name', () => {
    const NR31 = '8d1b1b7e-3a5c-4f0e-9d57-1e7b2f0c3a31';
    const NR33 = 'c1a1d0e2-5b6f-4a3e-8f7d-2b9c0e1f3a33';
    const farm = section(
      NR31,
      'NR-31',
      '31.13.13.7',
      'A capacitação inicial dos vigias deve ter carga horária de 16 (dezesseis) horas.',
      10,
    );
    const general = (score: number) =>
      section(
        NR33,
        'NR-33',
        'Anexo III 1.2',
        'A carga horária do treinamento inicial dos vigias deve ser de 16 (dezesseis) horas.',
        score,
      );
    const asked = 'carga horária do curso de vigia de espaço confinado';
    expect(answer(asked, [farm, general(8)]).lead).toMatch(
      /^Segundo o item 1\.2 do Anexo III da NR-33/,
    );
    // Ranked high enough to be chosen at all (0.6 of the first), it leads; further behind, not.
    expect(answer(asked, [farm, general(6.5)]).lead).toMatch(
      /^Segundo o item 1\.2 do Anexo III da NR-33/,
    );
    expect(answer(asked, [farm, general(5)]).lead).toMatch(
      /^Segundo o item 31\.13\.13\.7 da NR-31/,
    );
    // Naming the sector, its regulation leads.
    expect(answer(`${asked} na fazenda`, [farm, general(8)]).lead).toMatch(
      /^Segundo o item 31\.13\.13\.7 da NR-31/,
    );
  });

  it('says it too when the item is too long to restate and the lead only introduces the quote', () => {
    const long = section(
      NR37,
      'NR-37',
      '37.25.7.1',
      `Os extintores ${'devem ser mantidos, inspecionados e recarregados conforme o fabricante, '.repeat(14)}sempre.`,
      10,
    );
    expect(answer('onde instalar extintor', [long]).lead).toBe(
      'O item 37.25.7.1 da NR-37, que se aplica a plataformas de petróleo, estabelece o seguinte:',
    );
  });
});

describe('prompt of the LLM engine', () => {
  const prompt = (question: string) =>
    buildMessages(
      { question, retrieval: { abstained: false, confidence: 0.9, results: [PLACED, STATE_LAW] } },
      [PLACED, STATE_LAW],
    ).at(-1)!.content;

  it('marks the source of a sector’s regulation the question does not place in its sector', () => {
    const text = prompt('onde instalar extintor');
    expect(text).toContain('Âmbito: a NR-37 é a norma que se aplica a plataformas de petróleo.');
    expect(text.match(/Âmbito:/g)).toHaveLength(1);
    expect(prompt('onde instalar extintor na plataforma offshore')).not.toContain('Âmbito:');
  });

  it('marks a wording not yet in force, by the date it is given', () => {
    const future = { ...PLACED, effectiveFrom: '2027-01-04' };
    const sources = (today: string) =>
      buildMessages(
        {
          question: 'extintor na plataforma',
          retrieval: { abstained: false, confidence: 0.9, results: [future] },
        },
        [future],
        today,
      ).at(-1)!.content;
    expect(sources('2026-11-28')).toContain(
      'Vigência: esta redação só entra em vigor em 04/01/2027.',
    );
    expect(sources('2027-01-04')).not.toContain('Vigência:');
  });

  it('says both in the lead: the sector, and the date a wording comes into force', () => {
    const future = { ...PLACED, effectiveFrom: '2027-01-04' };
    const input: AnswerInput = {
      question: 'onde instalar extintor',
      retrieval: { abstained: false, confidence: 0.9, results: [future] },
    };
    expect(firstParagraph(composeExtractiveAnswer(input, '2026-11-28').markdown)).toMatch(
      /^Segundo o item 37\.25\.7\.4\.1 da NR-37, que se aplica a plataformas de petróleo, em redação que entra em vigor em 04\/01\/2027, os extintores/,
    );
  });
});

describe('an annex written for one kind of work (decision record 0076)', () => {
  const impact = { code: 'NR-15', item: 'Anexo 2 2' };
  const diver = { code: 'NR-07', item: 'Anexo IV 1.12' };

  it('is unstated until the user names its kind, its annex, or says it earlier in the chat', () => {
    expect(unstatedAnnex(impact, ['Qual o limite de tolerância para ruído?'])).toBe(true);
    expect(unstatedAnnex(impact, ['Qual o limite para ruído de impacto?'])).toBe(false);
    expect(unstatedAnnex(impact, ['o que diz o Anexo 2 da NR-15?'])).toBe(false);
    expect(unstatedAnnex(diver, ['precisa de ASO de retorno?'])).toBe(true);
    expect(unstatedAnnex(diver, ['e o ASO?', 'Temos mergulhadores na obra do porto.'])).toBe(false);
    expect(unstatedAnnex(diver, ['trabalho em tubulão a ar comprimido'])).toBe(false);
    const chainsaw = { code: 'NR-12', item: 'Anexo V 4.1' };
    expect(unstatedAnnex(chainsaw, ['Quem pode operar motosserra?'])).toBe(false);
    expect(unstatedAnnex(chainsaw, ['Quem pode operar a máquina?'])).toBe(true);
    // One tractor is a tractor too ("tratores?" read "tratore" or "tratores").
    expect(unstatedAnnex({ code: 'NR-12', item: 'Anexo XI 15.13' }, ['a escada do trator'])).toBe(
      false,
    );
    expect(unstatedScope('NR-31', ['o trator da fazenda'])).toBeNull();
    expect(unstatedScope('NR-31', ['o trator'])).toBeNull();
  });

  it('is not an annex of another number, of another regulation, nor an item outside annexes', () => {
    // "Anexo 20" is not "Anexo 2"; NR-09's Anexo II and NR-15's body have no kind of their own.
    expect(unstatedAnnex({ code: 'NR-15', item: 'Anexo 2 2' }, ['Anexo 20'])).toBe(true);
    expect(unstatedAnnex({ code: 'NR-12', item: 'Anexo VIII 1' }, ['anexo viii'])).toBe(false);
    expect(unstatedAnnex({ code: 'NR-12', item: 'Anexo VIII 1' }, ['anexo viiii'])).toBe(true);
    expect(unstatedAnnex({ code: 'NR-09', item: 'Anexo II 1' }, ['ruído'])).toBe(false);
    expect(unstatedAnnex({ code: 'NR-15', item: '15.1.1' }, ['ruído'])).toBe(false);
  });
});
